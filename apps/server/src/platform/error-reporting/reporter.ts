import type { FastifyBaseLogger } from "fastify";

export interface ErrorContext {
  requestId?: string;
  userId?: number | null;
  [key: string]: unknown;
}

/** Where unexpected errors go: the log by default, Sentry when SENTRY_DSN is set. */
export interface ErrorReporter {
  report(error: unknown, context?: ErrorContext): void;
  flush(): Promise<void>;
}

export function logErrorReporter(log: FastifyBaseLogger): ErrorReporter {
  return {
    report: (error, context) => log.error({ err: error, ...context }, "unexpected error"),
    flush: async () => undefined,
  };
}

export async function sentryErrorReporter(
  dsn: string,
  environment: string,
  log: FastifyBaseLogger,
): Promise<ErrorReporter> {
  const Sentry = await import("@sentry/node");
  Sentry.init({ dsn, environment });
  const logged = logErrorReporter(log);
  return {
    report(error, context) {
      logged.report(error, context);
      Sentry.captureException(error, { extra: context });
    },
    flush: async () => {
      await Sentry.flush(2000);
    },
  };
}
