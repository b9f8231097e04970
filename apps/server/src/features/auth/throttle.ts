import { RateLimited } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import * as q from "./queries";

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
  // Issue 26 §4: link previews that reach a provider, per user (a cached answer costs nothing).
  "link-preview": 60,
  // Issue 26 §3: clip-page views an address reports (each counts once per viewer per hour anyway).
  "clip-view": 300,
  // Issue 28 §2: event-page views an address reports ('view-event-page-next-page').
  "page-view": 300,
  // Issue 28 §3: follows and unfollows per user, and unfollow links per address.
  follow: 60,
  "unfollow-link": 60,
  // Issue 28 §4: 'Send test' of webhooks, per user (each is a POST to the endpoint).
  "webhook-test": 30,
  // Issue 29 §3: profile batches per viewer (the web app caches what it read for 8 hours).
  "profile-batch": 600,
} as const;
export type ThrottleScope = keyof typeof LIMITS;

export interface ThrottleKey {
  scope: ThrottleScope;
  value: string;
}

const keyOf = (k: ThrottleKey) => `${k.scope}:${k.value}`;

/** Refuses with 429 when any of the keys is blocked. */
export async function assertNotThrottled(db: Queryable, keys: ThrottleKey[]): Promise<void> {
  if (await q.isAnyThrottleBlocked(db, keys.map(keyOf))) throw RateLimited("too_many_attempts");
}

/** Counts one attempt against each key; a key reaching its limit is blocked for the rest of the window. */
export async function countAttempt(db: Queryable, keys: ThrottleKey[]): Promise<void> {
  for (const k of keys) {
    const failures = await q.countThrottleFailure(db, keyOf(k), THROTTLE_WINDOW_MINUTES);
    if (failures >= LIMITS[k.scope]) await q.blockThrottleKey(db, keyOf(k), THROTTLE_WINDOW_MINUTES);
  }
}

/** Whether the key has already reached its limit (used to drop excess mail silently). */
export async function isOverLimit(db: Queryable, key: ThrottleKey): Promise<boolean> {
  return q.isAnyThrottleBlocked(db, [keyOf(key)]);
}

export async function clearThrottle(db: Queryable, keys: ThrottleKey[]): Promise<void> {
  await q.deleteThrottleKeys(db, keys.map(keyOf));
}
