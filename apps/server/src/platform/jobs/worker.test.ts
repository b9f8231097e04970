import Fastify from "fastify";
import { describe, expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import type { Database } from "../database";
import { enqueueJobs } from "./queries";
import { JOB_LEASE_MS, type JobHandler, jobWorker, retryDelayMs } from "./worker";

const log = Fastify().log;
const T0 = new Date("2030-01-01T12:00:00Z");
const at = (ms: number) => () => new Date(T0.getTime() + ms);
let keys = 0;
const uniqueKey = () => `test:${Date.now()}:${keys++}`;

async function jobState(db: Database, key: string) {
  const [row] = await db.query<{ state: string; attempts: number; run_at: Date; last_error: string | null }>(
    "SELECT state, attempts, run_at, last_error FROM jobs WHERE job_key = $1",
    [key],
  );
  return row;
}

/** A handler that records each run of each job key. */
function recorder() {
  const runs: string[] = [];
  const handler: JobHandler = async (_payload, { key }) => {
    runs.push(key);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return "done";
  };
  return { runs, handler };
}

describe("retryDelayMs", () => {
  test.each([
    { attempts: 1, want: 30_000 },
    { attempts: 2, want: 60_000 },
    { attempts: 4, want: 240_000 },
    { attempts: 20, want: 3_600_000 },
  ])("after attempt $attempts → $want ms", ({ attempts, want }) => {
    expect(retryDelayMs(attempts)).toBe(want);
  });
});

describeOnEachDatabase("job queue and worker", (use) => {
  // Each test has its own kind, so jobs left by another test are not its business.
  const worker = (kind: string, handler: JobHandler, clock = at(0), maxAttempts?: number) =>
    jobWorker({ db: use(), clock, log, handlers: { [kind]: handler }, maxAttempts });

  test("a job enqueued in a transaction that rolls back never exists", async () => {
    const db = use();
    const key = uniqueKey();
    await expect(
      db.transaction(async (tx) => {
        await enqueueJobs(tx, [{ kind: "rollback", key, payload: {}, runAt: T0 }]);
        throw new Error("registration refused");
      }),
    ).rejects.toThrow("registration refused");
    expect(await jobState(db, key)).toBeUndefined();
  });

  test("enqueueing a key again adds nothing; a job runs once, when due", async () => {
    const db = use();
    const key = uniqueKey();
    const job = { kind: "once", key, payload: { n: 1 }, runAt: new Date(T0.getTime() + 60_000) };
    await enqueueJobs(db, [job]);
    await enqueueJobs(db, [{ ...job, payload: { n: 2 } }]);
    const { runs, handler } = recorder();

    expect(await worker("once", handler, at(59_999)).runDue()).toBe(0);
    expect(await worker("once", handler, at(60_000)).runDue()).toBe(1);
    expect(await worker("once", handler, at(120_000)).runDue()).toBe(0);
    expect(runs).toEqual([key]);
    expect(await jobState(db, key)).toMatchObject({ state: "done", attempts: 1 });
  });

  test("two workers running at once run every job exactly once", async () => {
    const db = use();
    const jobs = Array.from({ length: 25 }, () => ({
      kind: "pair",
      key: uniqueKey(),
      payload: {},
      runAt: T0,
    }));
    await enqueueJobs(db, jobs);
    const { runs, handler } = recorder();

    const counts = await Promise.all([worker("pair", handler).runDue(), worker("pair", handler).runDue()]);

    expect(counts[0] + counts[1]).toBe(25);
    expect(runs.toSorted()).toEqual(jobs.map((j) => j.key).toSorted());
  });

  test("a worker that dies mid-job keeps it until its lease ends; then it runs exactly once", async () => {
    const db = use();
    const key = uniqueKey();
    await enqueueJobs(db, [{ kind: "crash", key, payload: {}, runAt: T0 }]);
    let releaseDead: (result: "done") => void = () => undefined;
    // The first worker hangs inside the job, as a process killed in the middle of sending would.
    void worker("crash", () => new Promise((resolve) => (releaseDead = resolve))).runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { runs, handler } = recorder();

    expect(await worker("crash", handler, at(JOB_LEASE_MS - 1)).runDue()).toBe(0);
    expect(await worker("crash", handler, at(JOB_LEASE_MS)).runDue()).toBe(1);
    // The dead worker coming back cannot touch the job it lost.
    releaseDead("done");
    expect(await worker("crash", handler, at(2 * JOB_LEASE_MS + 1)).runDue()).toBe(0);
    expect(runs).toEqual([key]);
    expect(await jobState(db, key)).toMatchObject({ state: "done", attempts: 2 });
  });

  test("a failing job is retried with back-off, then given up", async () => {
    const db = use();
    const key = uniqueKey();
    await enqueueJobs(db, [{ kind: "flaky", key, payload: {}, runAt: T0 }]);
    let calls = 0;
    const failing: JobHandler = async () => {
      calls += 1;
      throw new Error(`smtp down ${calls}`);
    };

    expect(await worker("flaky", failing, at(0), 2).runDue()).toBe(1);
    expect(await jobState(db, key)).toMatchObject({
      state: "pending",
      attempts: 1,
      run_at: new Date(T0.getTime() + 30_000),
      last_error: "smtp down 1",
    });
    expect(await worker("flaky", failing, at(29_999), 2).runDue()).toBe(0);
    expect(await worker("flaky", failing, at(30_000), 2).runDue()).toBe(1);
    expect(await jobState(db, key)).toMatchObject({
      state: "failed",
      attempts: 2,
      last_error: "smtp down 2",
    });
    expect(await worker("flaky", failing, at(10 * 3_600_000), 2).runDue()).toBe(0);
    expect(calls).toBe(2);
  });

  test("start() polls for due jobs, forgets jobs finished over 30 days ago, and stop() waits", async () => {
    const db = use();
    const key = uniqueKey();
    await enqueueJobs(db, [{ kind: "polled", key, payload: {}, runAt: T0 }]);
    const old = uniqueKey();
    await db.query(
      `INSERT INTO jobs (kind, job_key, run_at, state, finished_at)
       VALUES ('old', $1, $2, 'done', $2), ('old', $3, $2, 'pending', NULL)`,
      [old, new Date(T0.getTime() - 31 * 24 * 3_600_000), `${old}:pending`],
    );
    const { runs, handler } = recorder();
    const polling = jobWorker({ db, clock: at(0), log, handlers: { polled: handler }, pollMs: 10 });

    polling.start();
    while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await polling.stop();

    expect(runs).toEqual([key]);
    expect(await jobState(db, key)).toMatchObject({ state: "done" });
    expect(await jobState(db, old)).toBeUndefined();
    expect(await jobState(db, `${old}:pending`)).toMatchObject({ state: "pending" });
  });
});
