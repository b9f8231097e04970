import { afterAll, beforeAll, expect, test } from "vitest";
import type { App } from "../../app";
import { type Database, openDatabase } from "../../platform/database";
import { JOB_LEASE_MS } from "../../platform/jobs/worker";
import { SMTP_TIMEOUTS_MS } from "../../platform/mail/smtp";
import { buildTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { freePort } from "../../testing/free-port";
import { until } from "../../testing/media";
import { startSmtpServer, unfold } from "../../testing/smtp";

// Issue 23 §2.10: the mail that lets a new guest in survives a mail server that is away for a while.
let app: App;
let db: Database;
let smtpPort = 0;
let now = Date.parse("2026-11-28T10:00:00Z");
beforeAll(async () => {
  smtpPort = await freePort();
  db = await openDatabase({});
  app = await buildTestApp(db, {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    clock: () => new Date(now),
  });
});
afterAll(async () => {
  await app.workers.stop();
  await app.server.close();
  await app.mailer.close();
});

const authMailJob = async () => {
  const [job] = await db.query<{ state: string; attempts: number; payload: Record<string, unknown> }>(
    "SELECT state, attempts, payload FROM jobs WHERE kind = 'auth-mail'",
  );
  return job;
};

test("a confirmation asked for while the mail server is down arrives once it is back", async () => {
  const browser = new TestClient(app.server);
  const signup = await browser.post("/api/auth/signup", {
    email: "late@example.test",
    firstName: "Lee",
    lastName: "Late",
    tosAccepted: true,
  });
  expect(signup.statusCode).toBeLessThan(300);
  // The request's own attempt finds no server: the job waits for its retry, link and all.
  await until("the first attempt to fail", async () => (await authMailJob())?.attempts === 1);
  expect(await authMailJob()).toMatchObject({ state: "pending" });

  const smtp = await startSmtpServer({}, smtpPort);
  now += 6_000;
  app.workers.start();
  await until("the retried mail", async () => smtp.received.length === 1, 10_000);
  expect(unfold(smtp.received[0] ?? "")).toMatch(/auth\/link#token=[A-Za-z0-9_-]{43}&purpose=magic_link/);
  // Sent, the link no longer sits in the jobs table (the job is marked done once the server answered).
  await until("the job marked done", async () => (await authMailJob())?.state === "done");
  expect(await authMailJob()).toMatchObject({ state: "done", payload: {} });
});

test("one SMTP exchange ends well inside a job's lease, so no other node sends the same mail again", () => {
  const longest =
    SMTP_TIMEOUTS_MS.connectionTimeout + SMTP_TIMEOUTS_MS.greetingTimeout + SMTP_TIMEOUTS_MS.socketTimeout;
  expect(longest).toBeLessThan(JOB_LEASE_MS / 2);
});
