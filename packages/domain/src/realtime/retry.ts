import {
  PRESENCE_MAX_RETRIES,
  PRESENCE_RATE_LIMIT_RETRY_MS,
  PRESENCE_RETRY_DELAYS_MS,
  RELOAD_GUARD_MS,
  SUBSCRIPTION_FAILURES_BEFORE_RELOAD,
  SUBSCRIPTION_MAX_RESTARTS,
  SUBSCRIPTION_RESTART_DELAYS_MS,
} from "../constants";

/** Spec 1 §4: a failed subscription restarts after 2000 ms × attempt, at most 5 times; then null. */
export function subscriptionRestartDelay(attempt: number): number | null {
  if (attempt < 1 || attempt > SUBSCRIPTION_MAX_RESTARTS) return null;
  return SUBSCRIPTION_RESTART_DELAYS_MS[attempt - 1] ?? null;
}

/**
 * Spec 2 §8: a rate-limited presence message retries after 3 s; other presence failures retry after
 * 2, 5, 10, 15, 20 s and then give up (null).
 */
export function presenceRetryDelay(attempt: number, rateLimited: boolean): number | null {
  if (rateLimited) return PRESENCE_RATE_LIMIT_RETRY_MS;
  if (attempt < 1 || attempt > PRESENCE_MAX_RETRIES) return null;
  return PRESENCE_RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** Spec 2 §4, §8: after 5 failures of one subscription the page hard-reloads, at most once an hour. */
export function shouldHardReload(failures: number, lastReloadAt: number | null, now: number): boolean {
  if (failures < SUBSCRIPTION_FAILURES_BEFORE_RELOAD) return false;
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS;
}

/** Spec 2 §8: these failures refresh the sign-in and recreate the channel instead of counting down. */
export function isRealtimeAuthError(code: string): boolean {
  return ["no_token", "unauthorized", "forbidden", "token_expired", "invalid_token"].includes(code);
}
