import type { Queryable } from "../database";

/** One piece of work for the worker; `key` names it, so enqueueing the same key twice adds nothing. */
export interface NewJob {
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  runAt: Date;
}

/**
 * Adds jobs inside the caller's transaction: they exist only if it commits, so a rolled-back change
 * sends nothing, and a job key already queued (a retried request, another node) is left as it is.
 */
export async function enqueueJobs(tx: Queryable, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await tx.query(
    `INSERT INTO jobs (kind, job_key, payload, run_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::timestamptz[])
     ON CONFLICT (job_key) DO NOTHING`,
    [
      jobs.map((j) => j.kind),
      jobs.map((j) => j.key),
      jobs.map((j) => JSON.stringify(j.payload)),
      jobs.map((j) => j.runAt.toISOString()),
    ],
  );
}

/** Done, skipped and failed jobs are kept this long for inspection, then deleted by the worker. */
export const FINISHED_JOB_RETENTION_MS = 30 * 24 * 3_600_000;

export async function deleteFinishedJobs(db: Queryable, now: Date): Promise<void> {
  await db.query("DELETE FROM jobs WHERE state <> 'pending' AND finished_at < $1", [
    new Date(now.getTime() - FINISHED_JOB_RETENTION_MS),
  ]);
}
