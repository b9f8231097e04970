import {
  AUDIENCE_RATE_LIMITS,
  REALTIME_CONNECTIONS_PER_ADDRESS,
  REALTIME_CONNECTIONS_PER_USER,
} from "../constants";

// Issue 23 §2: limits on every audience action (docs/decisions.md "Issue 23").

export type AudienceAction = keyof typeof AUDIENCE_RATE_LIMITS;

/** The start of the fixed window `now` falls in: every node computes the same one for a key. */
export function audienceWindowStart(action: AudienceAction, now: number): number {
  const { windowMs } = AUDIENCE_RATE_LIMITS[action];
  return now - (now % windowMs);
}

/** `hits` counts this write among the window's; past the action's limit it is refused with this code. */
export function audienceRateRefusal(action: AudienceAction, hits: number): string | null {
  if (hits <= AUDIENCE_RATE_LIMITS[action].max) return null;
  // Chat keeps the wording it had before the one mechanism; every other action says the same.
  return action === "chat_message" ? "chat_rate_limited" : "too_fast";
}

export interface TokenBucketRule {
  burst: number;
  perSecond: number;
}

export interface TokenBucket {
  tokens: number;
  at: number;
}

/** One token taken if there is one (refilled at `perSecond` up to `burst`); else how long until one. */
export function takeToken(
  bucket: TokenBucket | undefined,
  rule: TokenBucketRule,
  now: number,
): { bucket: TokenBucket; retryAfterMs: number | null } {
  const previous = bucket ?? { tokens: rule.burst, at: now };
  const tokens = Math.min(rule.burst, previous.tokens + ((now - previous.at) * rule.perSecond) / 1000);
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, at: now }, retryAfterMs: null };
  return { bucket: { tokens, at: now }, retryAfterMs: Math.ceil(((1 - tokens) * 1000) / rule.perSecond) };
}

/**
 * A new realtime connection is refused when its address, or its signed-in user, holds the most already
 * (null: not counted at this step; the address is known before the user).
 */
export function connectionRefusal(
  held: { byAddress: number | null; byUser: number | null },
  limits = { perAddress: REALTIME_CONNECTIONS_PER_ADDRESS, perUser: REALTIME_CONNECTIONS_PER_USER },
): "too_many_connections" | null {
  if (held.byAddress !== null && held.byAddress >= limits.perAddress) return "too_many_connections";
  if (held.byUser !== null && held.byUser >= limits.perUser) return "too_many_connections";
  return null;
}
