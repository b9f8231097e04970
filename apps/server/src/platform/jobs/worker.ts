import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../database";
import { type ClaimedJob, claimJobs, deleteFinishedJobs, failJob, finishJob } from "./queries";

/** What a handler made of its job: sent, or found nothing to do any more (unregistered, moved, ...). */
export type JobResult = "done" | "skipped";

export interface JobContext {
  key: string;
  now: Date;
}

/** Throws to be retried later; must be safe to run again after a crash (see docs/decisions.md "Jobs"). */
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<JobResult>;

export interface JobWorker {
  /** Claims and runs every job due now, batch after batch; resolves with how many it ran. */
  runDue(): Promise<number>;
  /** Polls for due jobs until stop(). */
  start(): void;
  /** Runs the jobs due now without waiting for the next poll (a job just queued by a request). */
  nudge(): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  handlers: Readonly<Record<string, JobHandler>>;
  /** How long a claimed job is this worker's; a worker that died gives its jobs back after it. */
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** The wait after the nth failed attempt (default retryDelayMs). */
  retryDelayMs?: (attempts: number) => number;
  /** A finished job's payload is emptied: it held something secret (a sign-in link). */
  forgetsPayload?: boolean;
}

export const JOB_LEASE_MS = 5 * 60_000;
export const JOB_POLL_MS = 1_000;
export const JOB_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
const SWEEP_EVERY_MS = 3_600_000;
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 60 * 60_000;

/** Exponential back-off after the nth failed attempt: 30 s, 1 min, 2 min, ... at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LAST_RETRY_MS);

/**
 * A worker over the `jobs` table, for the kinds it has handlers for. Claiming is one statement with FOR UPDATE SKIP LOCKED (PGlite and
 * PostgreSQL alike): concurrent workers never take the same job, and the claim's token fences the
 * result, so a worker whose lease ran out cannot finish a job someone else has taken over.
 */
export function jobWorker(options: JobWorkerOptions): JobWorker {
  const { db, clock, log, handlers } = options;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS;
  const retryDelay = options.retryDelayMs ?? retryDelayMs;
  const forgetsPayload = options.forgetsPayload ?? false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const nudged = new Set<Promise<void>>();
  let stopped = true;
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** What one poll does: due jobs, and at most once an hour, forgetting long-finished ones. */
  async function poll(): Promise<void> {
    await runDue();
    if (clock().getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = clock().getTime();
    await deleteFinishedJobs(db, clock());
  }

  async function claim(token: string): Promise<ClaimedJob[]> {
    const now = clock();
    return claimJobs(db, {
      token,
      lockedUntil: new Date(now.getTime() + leaseMs),
      now,
      limit: BATCH_SIZE,
      kinds: Object.keys(handlers),
    });
  }

  async function run(job: ClaimedJob, token: string): Promise<void> {
    try {
      // Claimed by kind, so the handler is there.
      const handler = handlers[job.kind] as JobHandler;
      const result = await handler(job.payload, { key: job.job_key, now: clock() });
      await finishJob(db, { id: job.id, token, state: result, at: clock(), forgetsPayload });
    } catch (error) {
      const gaveUp = job.attempts >= maxAttempts;
      log[gaveUp ? "error" : "warn"]({ err: error, job: job.job_key, attempts: job.attempts }, "job failed");
      const now = clock();
      await failJob(db, {
        id: job.id,
        token,
        gaveUp,
        at: now,
        runAt: new Date(now.getTime() + retryDelay(job.attempts)),
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        forgetsPayload,
      });
    }
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const token = randomUUID();
      const jobs = await claim(token);
      if (jobs.length === 0) return ran;
      for (const job of jobs) await run(job, token);
      ran += jobs.length;
    }
  }

  const reachFailed = (err: unknown) => log.warn({ err }, "job worker could not reach the jobs table");

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = poll().catch(reachFailed).finally(schedule);
    }, options.pollMs ?? JOB_POLL_MS);
  }

  return {
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    nudge() {
      const run: Promise<void> = runDue()
        .then(() => undefined, reachFailed)
        .finally(() => nudged.delete(run));
      nudged.add(run);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([running, ...nudged]);
    },
  };
}
