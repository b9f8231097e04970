import type { FastifyServerOptions } from "fastify";

// Issue 23 §1.4: a fault cannot hide in a green test. Every server a test starts (buildApp with
// serverErrorLog(), a ServerProcess, the e2e server) writes its error-level lines here; the suites'
// setup files fail the test during which one was logged, unless the test declared it with
// expectServerError. A helper process's or the SFU worker's unexpected exit is logged at error level
// (platform/child-process/forked.ts, app.ts), so it fails the test too.

/** pino's level numbers: 50 error, 60 fatal. */
const ERROR_LEVEL = 50;

export interface LoggedError {
  msg: string;
  line: string;
}

const logged: LoggedError[] = [];
const expected: RegExp[] = [];

/** One line of a server's JSON log. */
export function recordServerLogLine(line: string): void {
  if (!line.startsWith("{")) return;
  try {
    const entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    if (typeof entry.level === "number" && entry.level >= ERROR_LEVEL) {
      logged.push({ msg: String(entry.msg ?? ""), line });
    }
  } catch {
    // Not a log line (a child's own output on the server's stdout).
  }
}

/** A reader of one server's output, in chunks as they come: its JSON log lines at error level are kept. */
export function serverOutputRecorder(): (chunk: string) => void {
  let partial = "";
  return (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) recordServerLogLine(line);
  };
}

/** The logger option for buildApp in tests: error-level lines only, kept for the check. */
export function serverErrorLog(): FastifyServerOptions["logger"] {
  return { level: "error", stream: { write: (line: string) => recordServerLogLine(line.trimEnd()) } };
}

/** What was logged at error level since the last check (this test's, so far). */
export const serverErrorsSoFar = (): readonly LoggedError[] => [...logged];

/** The current test expects the server to log an error matching `pattern` (its message or line). */
export function expectServerError(pattern: RegExp): void {
  expected.push(pattern);
}

/** Error lines logged since the last call that no expectation of the current test matches. */
export function takeUnexpectedServerErrors(): LoggedError[] {
  const unexpected = logged.filter((error) => !expected.some((p) => p.test(error.msg) || p.test(error.line)));
  logged.length = 0;
  expected.length = 0;
  return unexpected;
}

export function failOnServerErrors(when: string): void {
  const unexpected = takeUnexpectedServerErrors();
  if (unexpected.length === 0) return;
  throw new Error(
    `the server logged at error level ${when} (expectServerError(/…/) declares an expected one):\n${unexpected
      .map((error) => error.line.slice(0, 2000))
      .join("\n")}`,
  );
}
