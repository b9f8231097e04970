import { AUTH_ERROR_ANALYTICS_THROTTLE_MS } from "@onstage/domain";
import type { Tracker } from "../../platform/analytics/tracker";
import type { AuthErrorListener } from "./connection";

/** Keys remembered at most; a flood of addresses clears them rather than growing without end. */
const MAX_KEYS = 10_000;

/**
 * Spec 2 §9: a realtime subscription refused for its sign-in is recorded as 'realtime-auth-error', at
 * most once a minute per key (the user, else the address, and the refusal's code). Per node.
 */
export function authErrorAnalytics(tracker: Tracker, now: () => number = Date.now): AuthErrorListener {
  const lastAt = new Map<string, number>();
  return ({ userId, address, code, topicKind }) => {
    const key = `${userId === null ? `address:${address}` : `user:${userId}`}:${code}`;
    const at = now();
    const last = lastAt.get(key);
    if (last !== undefined && at - last < AUTH_ERROR_ANALYTICS_THROTTLE_MS) return;
    if (lastAt.size >= MAX_KEYS) lastAt.clear();
    lastAt.set(key, at);
    void tracker.track("realtime-auth-error", { userId, properties: { code, topicKind } });
  };
}
