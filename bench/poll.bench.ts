import { randomBytes } from "node:crypto";
import { type PollResults, REALTIME_PATH, RealtimeEvents, type TopicMessage } from "@onstage/domain";
import { io, type Socket } from "socket.io-client";
import { cookiePolicy, hashSessionId } from "../apps/server/src/kernel/identity/user-sessions";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { cleanup } from "./fanout/children";
import { csrfFor, demoDatabase } from "./fanout/onstage";
import { percentileOf } from "./fanout/shared";

// Issue 12 §4: 500 guests in one room, each a real Socket.IO client subscribed to the session's polls;
// a host creates a poll that shows answers and every guest answers it (BENCH_POLL_CONCURRENCY requests
// in flight). Prints the answers accepted per second and, per guest, the time from the last accepted
// vote to the results that count every vote reaching that guest. One server process (`npm start`'s)
// on a throw-away PostgreSQL database with the demo data. Settings: BENCH_POLL_VOTERS (500),
// BENCH_POLL_CONCURRENCY (50), BENCH_POSTGRES_URL (admin connection, as bench:fanout).

const VOTERS = Number(process.env.BENCH_POLL_VOTERS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_POLL_CONCURRENCY ?? 50);
const RESULTS_TIMEOUT_MS = 30_000;
const TARGET_P99_MS = 500;

/** A throw-away database: the demo data, the voters (verified, registered) and a host, signed in. */
async function prepareDatabase() {
  const { url, db } = await demoDatabase("bench_poll");
  try {
    const [place] = await db.query<{ sessionId: number; eventId: number }>(
      `SELECT s.id AS "sessionId", e.id AS "eventId" FROM video_sessions s JOIN events e ON e.id = s.event_id
        WHERE e.event_code = 'office-hours' AND s.state = 'broadcasting' LIMIT 1`,
    );
    if (!place) throw new Error("the demo data has no broadcasting 'office-hours' session");
    const users = await db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name, email_verified_at, tos_accepted)
       SELECT 'poll-' || i || '@example.test', 'Bench', 'Voter ' || i, now(), now()
         FROM generate_series(0, $1::int) AS i RETURNING id`,
      [VOTERS],
    );
    const ids = users.map((u) => u.id);
    const [hostId, ...voterIds] = ids;
    await db.query(
      `INSERT INTO event_registrations (event_id, user_id) SELECT $1, u FROM unnest($2::bigint[]) AS u`,
      [place.eventId, voterIds],
    );
    await db.query(
      `INSERT INTO events_users_roles (event_id, user_id, event_role)
       SELECT $1, u, CASE WHEN u = $3 THEN 'host' ELSE 'guest' END FROM unnest($2::bigint[]) AS u`,
      [place.eventId, ids, hostId],
    );
    const secrets = ids.map(() => randomBytes(32).toString("base64url"));
    await db.query(
      `INSERT INTO user_sessions (id_hash, user_id, csrf_secret, expires_at)
       SELECT h, u, 'bench', now() + interval '1 day' FROM unnest($1::text[], $2::bigint[]) AS s (h, u)`,
      [secrets.map(hashSessionId), ids],
    );
    const [host = "", ...voters] = secrets;
    return { url, ...place, host, voters };
  } finally {
    await db.close();
  }
}

/** A signed-in browser's headers for writes: its cookies, the CSRF token, the origin. */
async function writerHeaders(base: string, cookieName: string, secret: string) {
  const { cookie, token } = await csrfFor(base, `${cookieName}=${secret}`);
  return { cookie, "x-csrf-token": token, origin: base, "content-type": "application/json" };
}

/** A guest's tab: subscribed to polls:{sessionId}, noting when the results counting everyone arrive. */
async function guest(
  base: string,
  cookie: string,
  topic: string,
  complete: (r: PollResults) => boolean,
  address: string,
) {
  const socket: Socket = io(base, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    // Each guest from its own address behind the bench's proxy (the server's caps per address, issue 23).
    extraHeaders: { origin: base, cookie, "x-forwarded-for": address },
    forceNew: true,
    reconnection: false,
  });
  const tab = { socket, completeAt: 0 };
  socket.on(RealtimeEvents.messages, (batch: TopicMessage[]) => {
    for (const message of batch) {
      if (tab.completeAt) break;
      if (message.event !== "poll.results") continue;
      if (complete(message.payload as PollResults)) tab.completeAt = performance.now();
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  const ack = (await socket.emitWithAck(RealtimeEvents.subscribe, { topic })) as { status: string };
  if (ack.status !== "SUBSCRIBED") throw new Error(`subscribe: ${JSON.stringify(ack)}`);
  return tab;
}

async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

let server: ServerProcess | null = null;
let tabs: Awaited<ReturnType<typeof guest>>[] = [];
try {
  const data = await prepareDatabase();
  server = await ServerProcess.create({ DATABASE_URL: data.url, DEMO_DATA: "false", TRUST_PROXY: "true" });
  await server.start();
  const base = server.url;
  const cookieName = cookiePolicy(base).sessionCookie;
  const host = await writerHeaders(base, cookieName, data.host);
  const voters = await inBatches(data.voters.length, 50, (i) =>
    writerHeaders(base, cookieName, data.voters[i] ?? ""),
  );
  const created = await fetch(`${base}/api/polls`, {
    method: "POST",
    headers: host,
    body: JSON.stringify({
      event_id: data.eventId,
      session_id: data.sessionId,
      question: "Which talk next?",
      show_answers: true,
      options: ["Realtime", "Media", "Payments"],
    }),
  });
  if (created.status !== 201) throw new Error(`create poll: ${created.status} ${await created.text()}`);
  const poll = ((await created.json()) as { poll: { id: number; options: { id: number }[] } }).poll;
  const everyone = (r: PollResults) =>
    r.pollId === poll.id && r.counts.reduce((sum, c) => sum + c.answers, 0) === voters.length;
  tabs = await inBatches(voters.length, 100, (i) =>
    guest(base, voters[i]?.cookie ?? "", `polls:${data.sessionId}`, everyone, `10.0.${i >> 8}.${i & 255}`),
  );
  console.log(`## ${tabs.length} guests subscribed to polls:${data.sessionId}`);

  const votingStart = performance.now();
  let lastVoteAt = 0;
  let accepted = 0;
  const refused = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < voters.length; i = next++) {
        const option = poll.options[i % poll.options.length];
        const res = await fetch(`${base}/api/polls/answer`, {
          method: "POST",
          headers: voters[i],
          body: JSON.stringify({ poll_id: poll.id, option_id: option?.id }),
        });
        await res.text();
        if (res.ok) {
          accepted += 1;
          lastVoteAt = performance.now();
        } else refused.set(String(res.status), (refused.get(String(res.status)) ?? 0) + 1);
      }
    }),
  );
  const votingSeconds = (lastVoteAt - votingStart) / 1000;
  const deadline = performance.now() + RESULTS_TIMEOUT_MS;
  while (tabs.some((t) => !t.completeAt) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const reached = tabs.filter((t) => t.completeAt);
  const latencies = reached.map((t) => Math.max(0, t.completeAt - lastVoteAt));
  const p50 = percentileOf(latencies, 0.5);
  const p99 = reached.length === tabs.length ? percentileOf(latencies, 0.99) : Number.POSITIVE_INFINITY;
  console.log(
    `## ${accepted} of ${voters.length} answers accepted in ${votingSeconds.toFixed(2)} s: ` +
      `${(accepted / votingSeconds).toFixed(0)} answers/s (${CONCURRENCY} in flight)` +
      (refused.size ? `; refused ${JSON.stringify(Object.fromEntries(refused))}` : ""),
  );
  console.log(
    `## final results reached ${reached.length} of ${tabs.length} guests; last vote → every guest's result: ` +
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms ` +
      `(target p99 < ${TARGET_P99_MS} ms)`,
  );
  console.log(`poll_answers_per_second: ${(accepted / votingSeconds).toFixed(0)} answers/s`);
  console.log(`poll_result_p99: ${p99.toFixed(1)} ms`);
  process.exitCode = accepted === voters.length && p99 < TARGET_P99_MS ? 0 : 1;
} finally {
  for (const tab of tabs) tab.socket.close();
  await server?.stop();
  await cleanup();
}
