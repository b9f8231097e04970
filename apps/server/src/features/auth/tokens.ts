import { createHash, randomBytes } from "node:crypto";
import { SIGN_IN_LINK_TTL_MINUTES } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { LinkPurpose, SpentToken } from "./queries";
import * as q from "./queries";

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
  await q.voidLinkTokens(db, input.email, input.purpose, input.supersedes ?? {});
  await q.insertLinkToken(db, {
    tokenHash: hash(token),
    purpose: input.purpose,
    email: input.email,
    userId: input.userId,
    payload: input.payload ?? {},
    ttlMinutes: input.ttlMinutes ?? LINK_TOKEN_TTL_MINUTES,
  });
  return token;
}

/** Spends a token exactly once: concurrent attempts race on one UPDATE and only one wins. */
export async function spendLinkToken(
  db: Queryable,
  token: string,
  purposes: LinkPurpose[],
): Promise<SpentToken | null> {
  return q.spendLinkToken(db, hash(token), purposes);
}
