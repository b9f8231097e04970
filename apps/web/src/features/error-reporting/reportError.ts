import type { ClientErrorKind } from "@onstage/domain";

// Issue 29 §4: the eager part of error reporting is these few lines; the reporter (and Sentry's SDK,
// when the server has a DSN) loads with the first failure.

/** Reports a failure of the web app (rate-limited, without personal data); never throws. */
export function reportError(kind: ClientErrorKind, error: unknown, code?: string): void {
  import("./reporter")
    .then((reporter) => reporter.report(kind, error, code))
    .catch(() => {
      // Reporting must never become a failure of its own.
    });
}

/** Errors nothing caught, and promises nobody awaited. */
export function watchPageErrors(target: Window): void {
  target.addEventListener("error", (event) => reportError("error", event.error ?? event.message));
  target.addEventListener("unhandledrejection", (event) => reportError("rejection", event.reason));
}
