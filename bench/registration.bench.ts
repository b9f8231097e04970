import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../apps/server/src/app";
import { cookiePolicy, hashSessionId } from "../apps/server/src/kernel/identity/user-sessions";
import type { Database } from "../apps/server/src/platform/database";
import { type Engine, throwawayDatabase } from "../apps/server/src/platform/database/throwaway";

// Issue 5: 1,000 distinct signed-in users register at once over real HTTP for an event with 500 seats,
// on embedded PGlite and on PostgreSQL. Registered must be exactly 500 and oversold 0.
const USERS = 1_000;
const SEATS = 500;
const PUBLIC_URL = "http://bench.test";
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh migrated database; PostgreSQL gets a throw-away database dropped afterwards. */
const openEngine = (engine: Engine) => throwawayDatabase(engine, ADMIN_URL);

/** The event and 1,000 users, each with a session row (as a sign-in makes) and its cookie. */
async function seed(db: Database): Promise<{ eventId: number; cookies: string[] }> {
  const [org] = await db.query<{ id: number }>(
    "INSERT INTO organizations (name, channel_name) VALUES ('Bench', $1) RETURNING id",
    [`bench-${randomBytes(4).toString("hex")}`],
  );
  const [event] = await db.query<{ id: number }>(
    "INSERT INTO events (organization_id, event_code, title, seat_limit) VALUES ($1, 'bench-seats', 'Bench', $2) RETURNING id",
    [org?.id, SEATS],
  );
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name)
     SELECT 'bench-' || i || '@example.test', 'Bench', 'User ' || i FROM generate_series(1, $1::int) AS i
     RETURNING id`,
    [USERS],
  );
  const sessionIds = users.map(() => randomBytes(32).toString("base64url"));
  await db.query(
    `INSERT INTO user_sessions (id_hash, user_id, csrf_secret, expires_at)
     SELECT h, u, 'bench', now() + interval '1 day' FROM unnest($1::text[], $2::bigint[]) AS s (h, u)`,
    [sessionIds.map(hashSessionId), users.map((u) => u.id)],
  );
  const sessionCookie = cookiePolicy(PUBLIC_URL).sessionCookie;
  return { eventId: event?.id ?? 0, cookies: sessionIds.map((id) => `${sessionCookie}=${id}`) };
}

/** What a browser holds before it posts: its session cookie, the CSRF cookie and the token. */
async function csrfFor(base: string, sessionCookie: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/api/auth/csrf`, { headers: { cookie: sessionCookie } });
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const csrfCookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  return { cookie: [sessionCookie, ...csrfCookie].join("; "), token: csrfToken };
}

async function run(engine: Engine) {
  const { db, drop } = await openEngine(engine);
  const { server } = await buildApp({
    db,
    publicUrl: PUBLIC_URL,
    webDist: "/nonexistent",
    filesDir: await mkdtemp(path.join(tmpdir(), "onstage-bench-")),
  });
  try {
    const { eventId, cookies } = await seed(db);
    await server.listen({ host: "127.0.0.1", port: 0 });
    const address = server.server.address();
    const base = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";
    const browsers = await Promise.all(cookies.map((c) => csrfFor(base, c)));

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      browsers.map(async ({ cookie, token }) => {
        const sent = performance.now();
        const res = await fetch(`${base}/api/events/register`, {
          method: "POST",
          headers: { cookie, "x-csrf-token": token, "content-type": "application/json" },
          body: JSON.stringify({ event_id: eventId }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM event_registrations WHERE event_id = $1",
      [eventId],
    );
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
    const registered = row?.n ?? 0;
    return {
      engine,
      registered,
      oversold: Math.max(0, registered - SEATS),
      statuses: Object.fromEntries(statuses),
      throughput: USERS / seconds,
      p99,
    };
  } finally {
    await server.close();
    await drop();
  }
}

const results = [];
for (const engine of ["pglite", "postgres"] as const) {
  const r = await run(engine);
  results.push(r);
  console.log(`## ${engine}: ${USERS} users, ${SEATS} seats, statuses ${JSON.stringify(r.statuses)}`);
  console.log(`registered: ${r.registered}`);
  console.log(`oversold: ${r.oversold}`);
  console.log(`throughput: ${r.throughput.toFixed(0)} req/s`);
  console.log(`p99: ${r.p99.toFixed(0)} ms`);
}
for (const r of results) {
  console.log(`registration-${r.engine}-registered: ${r.registered} registrations`);
  console.log(`registration-${r.engine}-oversold: ${r.oversold} registrations`);
  console.log(`registration-${r.engine}-throughput: ${r.throughput.toFixed(0)} req/s`);
  console.log(`registration-${r.engine}-p99: ${r.p99.toFixed(0)} ms`);
}
const failed = results.some(
  (r) => r.registered !== SEATS || r.oversold > 0 || Object.keys(r.statuses).some((s) => Number(s) >= 500),
);
process.exit(failed ? 1 : 0);
