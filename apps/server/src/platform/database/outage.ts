// Issue 23 §2.11: with the database away, every request failed as a 500 with an error line of its own.
// A request that failed only because the database could not be reached is answered 503 with a retry
// hint, and the outage is logged once.

/** Node's socket errors for a server that is down, restarting or unreachable. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** pg's words for a connection that dropped or never came. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection ended unexpectedly/;

/** Seconds a client is told to wait before it tries again (Retry-After). */
export const DATABASE_RETRY_AFTER_S = 5;
/** An outage has ended once this long passed without a failure like it; the next one is logged again. */
const OUTAGE_QUIET_MS = 30_000;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception); 57P01-57P03: the server shuts down or is starting.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
  }
  return DRIVER_MESSAGES.test(error.message);
}

/** Says `true` for the first failure of an outage (the one worth a log line), `false` for the rest. */
export function outageLog(now: () => number = Date.now): (error: unknown) => boolean {
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  return () => {
    const first = now() - lastFailureAt > OUTAGE_QUIET_MS;
    lastFailureAt = now();
    return first;
  };
}
