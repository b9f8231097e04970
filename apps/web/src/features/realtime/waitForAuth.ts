import { REALTIME_AUTH_POLL_MS, REALTIME_AUTH_WAIT_MAX_MS } from "@onstage/domain";

/**
 * Spec 2 §9: the realtime client waits for the sign-in to be known, looking every 100 ms for at most
 * 10 s; then it starts anyway (as a visitor, until the sign-in arrives and the client switches).
 * Returns the cancel.
 */
export function waitForAuth(isKnown: () => boolean, ready: () => void, now: () => number = Date.now) {
  if (isKnown()) {
    ready();
    return () => {};
  }
  const since = now();
  const timer = setInterval(() => {
    if (!isKnown() && now() - since < REALTIME_AUTH_WAIT_MAX_MS) return;
    clearInterval(timer);
    ready();
  }, REALTIME_AUTH_POLL_MS);
  return () => clearInterval(timer);
}
