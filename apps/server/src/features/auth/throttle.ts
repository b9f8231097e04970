import { RateLimited } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// Guessing defence without a lock-out lever: the tight limit is per account *and* address, so an
// attacker elsewhere cannot block the owner; the per-account limit is loose, and an e-mailed link
// always still works (it is not a guess).
export const THROTTLE_WINDOW_MINUTES = 15;
const LIMITS = {
  "account-address": 5,
  account: 50,
  address: 100,
  lookup: 60,
  mail: 5,
  // Registration (issue 5): event-password guesses per user and event, coupon-code guesses per user.
  "event-password": 5,
  coupon: 20,
} as const;
export type ThrottleScope = keyof typeof LIMITS;

export interface ThrottleKey {
  scope: ThrottleScope;
  value: string;
}

const keyOf = (k: ThrottleKey) => `${k.scope}:${k.value}`;

/** Refuses with 429 when any of the keys is blocked. */
export async function assertNotThrottled(db: Queryable, keys: ThrottleKey[]): Promise<void> {
  const rows = await db.query(
    "SELECT 1 FROM auth_throttle WHERE key = ANY($1::text[]) AND blocked_until > now()",
    [keys.map(keyOf)],
  );
  if (rows.length > 0) throw RateLimited("too_many_attempts");
}

/** Counts one attempt against each key; a key reaching its limit is blocked for the rest of the window. */
export async function countAttempt(db: Queryable, keys: ThrottleKey[]): Promise<void> {
  for (const k of keys) {
    const [row] = await db.query<{ failures: number }>(
      `INSERT INTO auth_throttle (key, failures, window_start) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN auth_throttle.window_start < now() - $2 * interval '1 minute' THEN 1
                         ELSE auth_throttle.failures + 1 END,
         window_start = CASE WHEN auth_throttle.window_start < now() - $2 * interval '1 minute' THEN now()
                             ELSE auth_throttle.window_start END
       RETURNING failures`,
      [keyOf(k), THROTTLE_WINDOW_MINUTES],
    );
    if ((row?.failures ?? 0) >= LIMITS[k.scope]) {
      await db.query(
        "UPDATE auth_throttle SET blocked_until = window_start + $2 * interval '1 minute' WHERE key = $1",
        [keyOf(k), THROTTLE_WINDOW_MINUTES],
      );
    }
  }
}

/** Whether the key has already reached its limit (used to drop excess mail silently). */
export async function isOverLimit(db: Queryable, key: ThrottleKey): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM auth_throttle WHERE key = $1 AND blocked_until > now()", [
    keyOf(key),
  ]);
  return rows.length > 0;
}

export async function clearThrottle(db: Queryable, keys: ThrottleKey[]): Promise<void> {
  await db.query("DELETE FROM auth_throttle WHERE key = ANY($1::text[])", [keys.map(keyOf)]);
}
