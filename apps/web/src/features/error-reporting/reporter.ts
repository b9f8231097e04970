import {
  CLIENT_ERROR_MESSAGE_MAX_CHARS,
  CLIENT_ERROR_REPORTS_PER_MINUTE,
  CLIENT_ERROR_STACK_MAX_CHARS,
  ClientConfig,
  type ClientErrorKind,
  type ClientErrorReport,
  MINUTE_MS,
  scrubPersonalData,
} from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../api";

type Send = (report: ClientErrorReport, error: unknown) => void;

const sentAt: number[] = [];
const lastSentByKey = new Map<string, number>();
let destination: Promise<Send> | null = null;

const messageOf = (error: unknown) =>
  error instanceof Error
    ? `${error.name}: ${error.message}`
    : typeof error === "string"
      ? error
      : String(error);

/** At most CLIENT_ERROR_REPORTS_PER_MINUTE a minute, and the same failure once a minute. */
function mayReport(key: string, now: number): boolean {
  while (sentAt.length > 0 && (sentAt[0] ?? 0) <= now - MINUTE_MS) sentAt.shift();
  const last = lastSentByKey.get(key);
  if (sentAt.length >= CLIENT_ERROR_REPORTS_PER_MINUTE || (last !== undefined && now - last < MINUTE_MS)) {
    return false;
  }
  sentAt.push(now);
  lastSentByKey.set(key, now);
  return true;
}

/** Issue 29 §4: one failure of the web app to the error-reporting port. */
export async function report(kind: ClientErrorKind, error: unknown, code?: string): Promise<void> {
  const message = scrubPersonalData(messageOf(error)).slice(0, CLIENT_ERROR_MESSAGE_MAX_CHARS);
  if (!mayReport(`${kind}:${code ?? ""}:${message}`, Date.now())) return;
  const stack = error instanceof Error && error.stack ? scrubPersonalData(error.stack) : undefined;
  const body: ClientErrorReport = {
    kind,
    message,
    path: window.location.pathname,
    ...(code === undefined ? {} : { code: code.slice(0, 100) }),
    ...(stack === undefined ? {} : { stack: stack.slice(0, CLIENT_ERROR_STACK_MAX_CHARS) }),
  };
  // A config that could not be read is asked for again with the next failure.
  destination ??= chooseDestination().catch((error: unknown) => {
    destination = null;
    throw error;
  });
  (await destination)(body, error);
}

/** Sentry's browser SDK when the server has a DSN; else the server's log. */
async function chooseDestination(): Promise<Send> {
  const config = await api("/api/client-config", ClientConfig);
  if (config.sentryDsn === null) {
    return (body) => void apiNoContent("/api/client-errors", jsonBody(body)).catch(() => undefined);
  }
  const Sentry = await import("@sentry/browser");
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    // Only what this reporter sends: no global handlers (watchPageErrors has them), no breadcrumbs of
    // clicks, console or addresses, which could carry what people typed or who they are.
    defaultIntegrations: false,
  });
  return (body, error) => {
    const exception = error instanceof Error ? error : new Error(body.message);
    Sentry.captureException(exception, {
      tags: { kind: body.kind, ...(body.code === undefined ? {} : { code: body.code }), path: body.path },
    });
  };
}
