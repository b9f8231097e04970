import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/database";
import { deleteMessagesOlderThan } from "./queries";

/**
 * Resumes replay at most REALTIME_RETENTION_MS back; older messages go (topic rows stay, so a
 * topic's sequence never restarts). Every node runs it; the DELETE is the same on each.
 */
export function startRetention(
  db: Database,
  options: { retentionMs: number; intervalMs: number },
  log: FastifyBaseLogger,
): { run(): Promise<number>; stop(): void } {
  const run = () => deleteMessagesOlderThan(db, options.retentionMs);
  const timer = setInterval(() => {
    run().catch((err: unknown) => log.warn({ err }, "realtime retention failed"));
  }, options.intervalMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
