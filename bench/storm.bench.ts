import { randomBytes } from "node:crypto";
import { REALTIME_PATH, RealtimeEvents } from "@onstage/domain";
import { io, type Socket } from "socket.io-client";
import { cookiePolicy, hashSessionId } from "../apps/server/src/kernel/identity/user-sessions";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { cleanup } from "./fanout/children";
import { csrfFor, demoDatabase } from "./fanout/onstage";
import { percentileOf } from "./fanout/shared";

// Issue 23 §2.1, §2.2: /api/health's p99 while one signed-out visitor's 40 sockets send 40 subscribes a
// second each, then while one registered guest floods every audience write (questions, comments,
// upvotes, poll answers, chat messages and reactions, hand raises) as fast as they are answered. One
// server process (`npm start`'s) on a throw-away PostgreSQL database with the demo data; health is
// asked one request at a time, as a load balancer would. Settings: BENCH_STORM_SECONDS (10),
// BENCH_STORM_SOCKETS (40), BENCH_STORM_RATE (40 subscribes/s per socket), BENCH_POSTGRES_URL.

const SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 10);
const SOCKETS = Number(process.env.BENCH_STORM_SOCKETS ?? 40);
const RATE = Number(process.env.BENCH_STORM_RATE ?? 40);
const TARGET_P99_MS = 100;
const HEALTH_GAP_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo's broadcasting session, a verified registered guest and a host, both signed in. */
async function prepareDatabase() {
  const { url, db } = await demoDatabase("bench_storm");
  try {
    const [place] = await db.query<{ sessionId: number; eventId: number; chatId: number }>(
      `SELECT s.id AS "sessionId", e.id AS "eventId", c.id AS "chatId"
         FROM video_sessions s JOIN events e ON e.id = s.event_id
         JOIN chats c ON c.video_session_id = s.id AND c.chat_type = 'public'
        WHERE e.event_code = 'office-hours' AND s.state = 'broadcasting' LIMIT 1`,
    );
    if (!place) throw new Error("the demo data has no broadcasting 'office-hours' session");
    await db.query("UPDATE video_sessions SET allow_raising_hands = true, open_stage = false WHERE id = $1", [
      place.sessionId,
    ]);
    const users = await db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name, email_verified_at, tos_accepted)
       VALUES ('storm-guest@example.test', 'Storm', 'Guest', now(), now()),
              ('storm-host@example.test', 'Storm', 'Host', now(), now()) RETURNING id`,
    );
    const [guestId = 0, hostId = 0] = users.map((u) => u.id);
    await db.query("INSERT INTO event_registrations (event_id, user_id) VALUES ($1, $2)", [
      place.eventId,
      guestId,
    ]);
    await db.query(
      `INSERT INTO events_users_roles (event_id, user_id, event_role) VALUES ($1, $2, 'guest'), ($1, $3, 'host')`,
      [place.eventId, guestId, hostId],
    );
    const secrets = [guestId, hostId].map(() => randomBytes(32).toString("base64url"));
    await db.query(
      `INSERT INTO user_sessions (id_hash, user_id, csrf_secret, expires_at)
       SELECT h, u, 'bench', now() + interval '1 day' FROM unnest($1::text[], $2::bigint[]) AS s (h, u)`,
      [secrets.map(hashSessionId), [guestId, hostId]],
    );
    const [guest = "", host = ""] = secrets;
    return { url, ...place, guest, host };
  } finally {
    await db.close();
  }
}

/** A signed-in browser's writes: its cookies, the CSRF token, the origin; answers the status. */
async function writer(base: string, secret: string) {
  const { cookie, token } = await csrfFor(base, `${cookiePolicy(base).sessionCookie}=${secret}`);
  const headers = { cookie, "x-csrf-token": token, origin: base, "content-type": "application/json" };
  return async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) };
  };
}

/** /api/health asked one at a time until `stop`; the latencies in ms (a failure counts as its time). */
async function healthWhile(base: string, stop: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop()) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then(
      (res) => res.text(),
      () => "",
    );
    latencies.push(performance.now() - started);
    await sleep(HEALTH_GAP_MS);
  }
  return latencies;
}

function report(name: string, latencies: number[], counts: Map<string, number>): number {
  const p99 = percentileOf(latencies, 0.99);
  console.log(
    `## ${name}: health p50 ${percentileOf(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
      `max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length} requests; ` +
      `answers ${JSON.stringify(Object.fromEntries(counts))}`,
  );
  return p99;
}

const tally = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** 40 signed-out sockets, each sending RATE subscribes a second to the event's topic. */
async function subscribeStorm(base: string, topic: string): Promise<number> {
  const answers = new Map<string, number>();
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const socket = io(base, {
      path: REALTIME_PATH,
      transports: ["websocket"],
      extraHeaders: { origin: base },
      forceNew: true,
      reconnection: true,
    });
    socket.on("connect_error", (err) => tally(answers, `connect_error ${err.message}`));
    sockets.push(socket);
  }
  const end = performance.now() + SECONDS * 1000;
  const timers = sockets.map((socket) =>
    setInterval(() => {
      socket.emit(RealtimeEvents.subscribe, { topic }, (ack: { status: string; error?: { code: string } }) =>
        tally(answers, ack.error?.code ?? ack.status),
      );
    }, 1000 / RATE),
  );
  const latencies = await healthWhile(base, () => performance.now() > end);
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.close();
  return report(`${SOCKETS} sockets x ${RATE} subscribes/s`, latencies, answers);
}

/** One guest sending every audience write, each kind in its own loop, as fast as they are answered. */
async function audienceFlood(base: string, data: Awaited<ReturnType<typeof prepareDatabase>>) {
  const host = await writer(base, data.host);
  const guest = await writer(base, data.guest);
  const asked = await host("/api/questions", { video_session_id: data.sessionId, content: "Storm?" });
  const questionId = asked.json().question.id as number;
  const created = await host("/api/polls", {
    event_id: data.eventId,
    session_id: data.sessionId,
    question: "Storm?",
    show_answers: true,
    options: ["Yes", "No"],
  });
  const poll = created.json().poll as { id: number; options: { id: number }[] };
  const said = await host("/api/chat/messages", { chat_id: data.chatId, message: "Storm ahead" });
  const messageId = said.json().message.id as number;
  const hand = { video_session_id: data.sessionId, event_id: data.eventId };
  const floods: Array<(n: number) => [string, unknown]> = [
    (n) => ["/api/questions", { video_session_id: data.sessionId, content: `Question ${n}?` }],
    (n) => ["/api/questions/comments", { question_id: questionId, content: `Comment ${n}` }],
    (n) => [`/api/questions/upvote${n % 2 ? "/delete" : ""}`, { question_id: questionId }],
    (n) => ["/api/polls/answer", { poll_id: poll.id, option_id: poll.options[n % 2]?.id }],
    (n) => ["/api/chat/messages", { chat_id: data.chatId, message: `Message ${n}` }],
    (n) => [`/api/chat/reactions${n % 2 ? "/delete" : ""}`, { chat_message_id: messageId, reaction: "👍" }],
    (n) => [`/api/video-session/intents/${n % 2 ? "lower" : "raise"}-hand`, hand],
  ];
  const answers = new Map<string, number>();
  const end = performance.now() + SECONDS * 1000;
  const done = () => performance.now() > end;
  const loops = floods.map(async (flood) => {
    for (let n = 0; !done(); n++) {
      const [path, body] = flood(n);
      tally(answers, String((await guest(path, body)).status));
    }
  });
  const latencies = await healthWhile(base, done);
  await Promise.all(loops);
  return report("one guest flooding every audience write", latencies, answers);
}

let server: ServerProcess | null = null;
try {
  const data = await prepareDatabase();
  server = await ServerProcess.create({ DATABASE_URL: data.url, DEMO_DATA: "false", NODE_ENV: "production" });
  await server.start();
  const base = server.url;
  const quiet = await healthWhile(
    base,
    (() => {
      const end = performance.now() + 2_000;
      return () => performance.now() > end;
    })(),
  );
  report("quiet", quiet, new Map());
  const stormP99 = await subscribeStorm(base, `event:${data.eventId}`);
  const floodP99 = await audienceFlood(base, data);
  const p99 = Math.max(stormP99, floodP99);
  console.log(`## target: p99 < ${TARGET_P99_MS} ms in both`);
  console.log(`health_p99_under_storm_ms: ${p99.toFixed(1)} ms`);
  process.exitCode = p99 < TARGET_P99_MS ? 0 : 1;
} finally {
  await server?.stop();
  await cleanup();
}
