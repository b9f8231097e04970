import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { CHAT_SENDS_PER_10_SECONDS, REALTIME_PATH } from "@onstage/domain";
import { seedDemoData } from "../../apps/server/src/features/demo/seed";
import { cookiePolicy, hashSessionId } from "../../apps/server/src/kernel/identity/user-sessions";
import { type Database, openDatabase } from "../../apps/server/src/platform/database";
import { openPostgres } from "../../apps/server/src/platform/database/postgres";
import { freePort } from "../../apps/server/src/testing/free-port";
import {
  memoryOf,
  onCleanup,
  SERVER_STOP_GRACE_MS,
  serverNodeArgs,
  sleep,
  stopChild,
  track,
} from "./children";
import { benchText } from "./shared";
import type { System } from "./system";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LOG_TAIL_LINES = 40;
/** A send not answered by then counts as unanswered, so an overloaded server cannot stall the bench. */
const ANSWER_TIMEOUT_MS = 15_000;

export interface OnstageOptions {
  /** Messages per second the sender keeps up, spread over enough users to stay under the chat rate limit. */
  rate: number;
}

export interface Onstage extends System {
  /** Refused sends by HTTP status (or error), for the report. */
  refusals: Map<string, number>;
  /** The server's last output lines, for a failure report. */
  logTail(): string[];
}

/**
 * One Onstage server process (`apps/server/src/main.ts`, as `npm start` runs it) on a throw-away PostgreSQL
 * database with the demo data, viewers on the open 'office-hours' session's public chat, and a sender
 * that posts through the chat API as verified users signed in through session rows.
 */
export async function startOnstage(options: OnstageOptions): Promise<Onstage> {
  const { url: databaseUrl, chatId, sessionIds } = await prepareDatabase(options.rate);
  const dataDir = await mkdtemp(path.join(tmpdir(), "onstage-fanout-"));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;

  const server = track(
    spawn(process.execPath, [...serverNodeArgs(), "apps/server/src/main.ts"], {
      cwd: REPO_ROOT,
      // Only what the bench sets: no Redis, SMTP, Sentry or Stripe from the caller's environment.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, "no-web-build"),
        DEMO_DATA: "false",
        LOG_LEVEL: "warn",
        // Viewers come from many addresses through X-Forwarded-For, as behind a load balancer.
        TRUST_PROXY: "true",
        FANOUT_MEMORY_FILE: path.join(dataDir, "memory.json"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const tail: string[] = [];
  for (const stream of [server.stdout, server.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
    });
  }
  const logTail = () => [...tail];
  await waitForHealth(publicUrl, () => server.exitCode !== null, logTail);

  const cookieName = cookiePolicy(publicUrl).sessionCookie;
  const senders = await Promise.all(sessionIds.map((id) => csrfFor(publicUrl, `${cookieName}=${id}`)));
  const refusals = new Map<string, number>();
  const refuse = (reason: string) => refusals.set(reason, (refusals.get(reason) ?? 0) + 1);

  return {
    name: "onstage",
    pid: server.pid ?? 0,
    memory: () => memoryOf(server.pid ?? 0, path.join(dataDir, "memory.json")),
    target: {
      kind: "onstage",
      url: publicUrl,
      origin: publicUrl,
      path: REALTIME_PATH,
      topic: `chat:${chatId}`,
    },
    refusals,
    logTail,
    async send(stamp) {
      const sender = senders[stamp.n % senders.length];
      if (!sender) return "refused";
      try {
        const res = await fetch(`${publicUrl}/api/chat/messages`, {
          method: "POST",
          headers: {
            cookie: sender.cookie,
            "x-csrf-token": sender.token,
            origin: publicUrl,
            "content-type": "application/json",
          },
          body: JSON.stringify({ chat_id: chatId, message: benchText(stamp) }),
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
        const body = await res.text();
        if (res.ok) return "accepted";
        refuse(`${res.status} ${body.slice(0, 120)}`);
        return "refused";
      } catch (err) {
        if (err instanceof DOMException && err.name === "TimeoutError") return "unanswered";
        refuse(err instanceof Error ? err.message : String(err));
        return "refused";
      }
    },
    stop: () => stopChild(server, SERVER_STOP_GRACE_MS),
  };
}

/**
 * A new database on the PostgreSQL server (dropped by `cleanup()`), migrated, with the demo data; the
 * caller closes `db`.
 */
export async function demoDatabase(prefix: string): Promise<{ url: string; db: Database }> {
  const admin = await openPostgres(ADMIN_URL);
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  onCleanup(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  await seedDemoData(db);
  return { url: url.toString(), db };
}

/**
 * A new database on the PostgreSQL server, migrated, with the demo data and enough verified, registered
 * users to send `rate` messages a second without one of them passing CHAT_SENDS_PER_10_SECONDS.
 */
async function prepareDatabase(rate: number) {
  const { url, db } = await demoDatabase("bench_fanout");
  try {
    const chatId = await publicChatOfOfficeHours(db);
    // Twice the minimum, so no user comes near the limit even where two phases' windows meet.
    const users = Math.max(1, Math.ceil((rate * 10 * 2) / CHAT_SENDS_PER_10_SECONDS));
    const sessionIds = await verifiedSenders(db, users);
    return { url, chatId, sessionIds };
  } finally {
    await db.close();
  }
}

/** The demo data's open, broadcasting event: visitors may read its public chat without signing in. */
async function publicChatOfOfficeHours(db: Database): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `SELECT c.id FROM chats c
       JOIN video_sessions s ON s.id = c.video_session_id
       JOIN events e ON e.id = s.event_id
      WHERE e.event_code = 'office-hours' AND c.chat_type = 'public' AND s.state = 'broadcasting'
      LIMIT 1`,
  );
  if (!row) throw new Error("the demo data has no broadcasting 'office-hours' session with a public chat");
  return row.id;
}

/** Users with a verified e-mail, registered for office-hours, each with a session row as a sign-in makes. */
async function verifiedSenders(db: Database, count: number): Promise<string[]> {
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, email_verified_at, tos_accepted)
     SELECT 'fanout-' || i || '@example.test', 'Bench', 'Sender ' || i, now(), now()
       FROM generate_series(1, $1::int) AS i
     RETURNING id`,
    [count],
  );
  const ids = users.map((u) => u.id);
  await db.query(
    `INSERT INTO event_registrations (event_id, user_id)
     SELECT e.id, u FROM events e, unnest($1::bigint[]) AS u WHERE e.event_code = 'office-hours'`,
    [ids],
  );
  await db.query(
    `INSERT INTO events_users_roles (event_id, user_id, event_role)
     SELECT e.id, u, 'guest' FROM events e, unnest($1::bigint[]) AS u WHERE e.event_code = 'office-hours'`,
    [ids],
  );
  const sessionIds = ids.map(() => randomBytes(32).toString("base64url"));
  await db.query(
    `INSERT INTO user_sessions (id_hash, user_id, csrf_secret, expires_at)
     SELECT h, u, 'bench', now() + interval '1 day' FROM unnest($1::text[], $2::bigint[]) AS s (h, u)`,
    [sessionIds.map(hashSessionId), ids],
  );
  return sessionIds;
}

async function waitForHealth(base: string, exited: () => boolean, logTail: () => string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the Onstage server exited at start:\n${logTail().join("\n")}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`the Onstage server did not answer /api/health within 60 s:\n${logTail().join("\n")}`);
}

/** What a browser holds before it posts: its session cookie, the CSRF cookie and the token. */
export async function csrfFor(
  base: string,
  sessionCookie: string,
): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/api/auth/csrf`, { headers: { cookie: sessionCookie } });
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const csrfCookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  return { cookie: [sessionCookie, ...csrfCookie].join("; "), token: csrfToken };
}
