import { createHash } from "node:crypto";
import type { SocialProvider } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

/** How long a person has to finish at the provider; like an e-mailed link, at most 10 minutes. */
export const OAUTH_STATE_TTL_MINUTES = 10;

export const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

export interface NewOAuthState {
  state: string;
  provider: SocialProvider;
  codeVerifier: string;
  nonce: string | null;
  redirectTo: string;
}

export async function saveOAuthState(db: Queryable, s: NewOAuthState): Promise<void> {
  // Abandoned sign-ins are swept here, so the table stays small without a background job.
  await db.query("DELETE FROM oauth_states WHERE expires_at < now()");
  await db.query(
    `INSERT INTO oauth_states (state_hash, provider, code_verifier, nonce, redirect_to, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 minute')`,
    [hashState(s.state), s.provider, s.codeVerifier, s.nonce, s.redirectTo, OAUTH_STATE_TTL_MINUTES],
  );
}

export interface SpentOAuthState {
  codeVerifier: string;
  nonce: string | null;
  redirectTo: string;
  /** False when the row had expired: its redirectTo is still good for reporting the failure. */
  isLive: boolean;
}

/** Spends a state exactly once: two callbacks racing on one DELETE see at most one row between them. */
export async function spendOAuthState(
  db: Queryable,
  provider: SocialProvider,
  state: string,
): Promise<SpentOAuthState | null> {
  const [row] = await db.query<{
    code_verifier: string;
    nonce: string | null;
    redirect_to: string;
    is_live: boolean;
  }>(
    `DELETE FROM oauth_states WHERE state_hash = $1 AND provider = $2
     RETURNING code_verifier, nonce, redirect_to, expires_at > now() AS is_live`,
    [hashState(state), provider],
  );
  return row
    ? { codeVerifier: row.code_verifier, nonce: row.nonce, redirectTo: row.redirect_to, isLive: row.is_live }
    : null;
}
