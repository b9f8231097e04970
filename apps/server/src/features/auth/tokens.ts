import { createHash, randomBytes } from "node:crypto";
import { SIGN_IN_LINK_TTL_MINUTES } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

export type LinkPurpose = "magic_link" | "password_reset" | "verify_email" | "invite";

/** Issue 4 §11: at least 128 random bits (we use 256), stored hashed, single use, short-lived. */
export const LINK_TOKEN_TTL_MINUTES = SIGN_IN_LINK_TTL_MINUTES;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface IssuedToken {
  token: string;
}

/** A newer link of the same purpose for the same address invalidates the older ones. */
export async function issueLinkToken(
  db: Queryable,
  input: {
    purpose: LinkPurpose;
    email: string;
    userId: number | null;
    payload?: Record<string, unknown>;
    ttlMinutes?: number;
    /** Void only older tokens whose payload holds these values (team invites of one channel); default all. */
    supersedes?: Record<string, unknown>;
  },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `UPDATE auth_tokens SET used_at = now()
      WHERE email = $1 AND purpose = $2 AND used_at IS NULL AND payload @> $3::jsonb`,
    [input.email, input.purpose, JSON.stringify(input.supersedes ?? {})],
  );
  await db.query(
    `INSERT INTO auth_tokens (token_hash, purpose, email, user_id, payload, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 minute')`,
    [
      hash(token),
      input.purpose,
      input.email,
      input.userId,
      JSON.stringify(input.payload ?? {}),
      input.ttlMinutes ?? LINK_TOKEN_TTL_MINUTES,
    ],
  );
  return token;
}

export interface SpentToken {
  purpose: LinkPurpose;
  email: string;
  userId: number | null;
  payload: Record<string, unknown>;
}

/** Spends a token exactly once: concurrent attempts race on one UPDATE and only one wins. */
export async function spendLinkToken(
  db: Queryable,
  token: string,
  purposes: LinkPurpose[],
): Promise<SpentToken | null> {
  const [row] = await db.query<{
    purpose: LinkPurpose;
    email: string;
    user_id: number | null;
    payload: Record<string, unknown>;
  }>(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND purpose = ANY($2::text[])
      RETURNING purpose, email, user_id, payload`,
    [hash(token), purposes],
  );
  return row ? { purpose: row.purpose, email: row.email, userId: row.user_id, payload: row.payload } : null;
}
