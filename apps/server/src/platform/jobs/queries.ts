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

export interface ClaimedJob {
  id: number;
  kind: string;
  job_key: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Claims up to `limit` due jobs of these kinds under `token` until `lockedUntil`, skipping rows another
 * worker holds (FOR UPDATE SKIP LOCKED, on PGlite and PostgreSQL alike).
 */
export async function claimJobs(
  db: Queryable,
  by: { token: string; lockedUntil: Date; now: Date; limit: number; kinds: string[] },
): Promise<ClaimedJob[]> {
  return db.query<ClaimedJob>(
    `UPDATE jobs SET claim_token = $1, locked_until = $2, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM jobs
       WHERE state = 'pending' AND kind = ANY($5::text[]) AND run_at <= $3
         AND (locked_until IS NULL OR locked_until <= $3)
       ORDER BY run_at, id LIMIT $4
       FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, job_key, payload, attempts`,
    [by.token, by.lockedUntil, by.now, by.limit, by.kinds],
  );
}

/** What a finished job keeps of its payload: nothing, when it held something secret. */
const finishedPayload = (forgetsPayload: boolean) => (forgetsPayload ? "'{}'::jsonb" : "payload");

/** The job is done or skipped, if `token` still holds its claim. */
export async function finishJob(
  db: Queryable,
  job: { id: number; token: string; state: "done" | "skipped"; at: Date; forgetsPayload: boolean },
): Promise<void> {
  await db.query(
    `UPDATE jobs SET state = $3, finished_at = $4, claim_token = NULL, locked_until = NULL,
       payload = ${finishedPayload(job.forgetsPayload)}
     WHERE id = $1 AND claim_token = $2`,
    [job.id, job.token, job.state, job.at],
  );
}

/** The attempt failed: the job waits until `runAt`, or has failed for good when the worker `gaveUp`. */
export async function failJob(
  db: Queryable,
  job: {
    id: number;
    token: string;
    gaveUp: boolean;
    at: Date;
    runAt: Date;
    error: string;
    forgetsPayload: boolean;
  },
): Promise<void> {
  await db.query(
    `UPDATE jobs SET state = $3, finished_at = $4, run_at = $5, last_error = $6,
       claim_token = NULL, locked_until = NULL,
       payload = CASE WHEN $3 = 'failed' THEN ${finishedPayload(job.forgetsPayload)} ELSE payload END
     WHERE id = $1 AND claim_token = $2`,
    [job.id, job.token, job.gaveUp ? "failed" : "pending", job.gaveUp ? job.at : null, job.runAt, job.error],
  );
}
