import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import type { PlaybackBeacon } from "@onstage/domain";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { cleanup } from "./fanout/children";
import { demoDatabase } from "./fanout/onstage";
import { percentileOf } from "./fanout/shared";

// Issue 28 §1: the quality collector's beacons sustained by one server process (`npm start`'s, on a
// throw-away PostgreSQL database with the demo data) while /api/health is probed every 50 ms. The
// offered rate climbs in steps; a step is sustained when every beacon was taken, the server kept up
// with the offer and /api/health's p99 stayed within 100 ms. One heartbeat per beacon, the costliest
// case per event (as a player sends between its other events); each viewer keeps within its rate
// limit, 50 viewers behind each address; a first step at 500/s warms the server up. Prints each step
// and, last, the highest sustained rate.
// Settings: BENCH_BEACON_STEP_SECONDS (8), BENCH_BEACON_RATES ("1000,2000,3000,4000,6000,8000"),
// BENCH_POSTGRES_URL (admin connection, as bench:fanout).
// Target: 5,000 viewers' heartbeats every 10 s with room to spare: >= 2,000 events/s here.

const STEP_SECONDS = Number(process.env.BENCH_BEACON_STEP_SECONDS ?? 8);
const RATES = (process.env.BENCH_BEACON_RATES ?? "1000,2000,3000,4000,6000,8000").split(",").map(Number);
const HEALTH_TARGET_MS = 100;
const TARGET_EVENTS_PER_S = 2_000;
/** A viewer sends at most every 4 s (30 a minute are allowed). */
const VIEWER_GAP_S = 4;
const VIEWERS_PER_ADDRESS = 50;
/** Beyond this many beacons in flight the server is not keeping up with the offer. */
const MAX_IN_FLIGHT = 512;
const TICK_MS = 10;
const WARM_UP_RATE = 500;

const agent = new Agent({ keepAlive: true, maxSockets: 128 });

function post(base: URL, body: string, address: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: "/api/playback/beacons",
        method: "POST",
        headers: {
          "content-type": "text/plain",
          "content-length": Buffer.byteLength(body),
          origin: base.origin,
          "x-forwarded-for": address,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

async function healthProbe(base: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!until()) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    samples.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  return samples;
}

let server: ServerProcess | null = null;
try {
  const { url, db } = await demoDatabase("bench_beacons");
  const [session] = await db.query<{ id: number }>(
    `SELECT s.id FROM video_sessions s JOIN events e ON e.id = s.event_id
      WHERE e.event_code = 'office-hours' AND s.state = 'broadcasting' LIMIT 1`,
  );
  if (!session) throw new Error("the demo data has no broadcasting 'office-hours' session");
  server = await ServerProcess.create({ DATABASE_URL: url, DEMO_DATA: "false", TRUST_PROXY: "true" });
  await server.start();
  const base = new URL(server.url);
  const events: PlaybackBeacon["events"] = [
    {
      type: "heartbeat",
      watchedMs: 10_000,
      droppedFrames: 1,
      rendition: { width: 1280, height: 720 },
      upscale: 1,
    },
  ];
  const viewerCount = Math.max(...RATES) * VIEWER_GAP_S * 2;
  const viewers = Array.from({ length: viewerCount }, (_, i) => {
    const id = randomUUID();
    const body = JSON.stringify({
      viewerId: `viewer-${id}`,
      viewSessionId: `visit-${id}`,
      viewId: `view-${id}`,
      sessionId: session.id,
      delivery: "hls",
      events,
    } satisfies PlaybackBeacon);
    const block = Math.floor(i / VIEWERS_PER_ADDRESS);
    return { body, address: `10.${(block >> 16) & 255}.${(block >> 8) & 255}.${block & 255}` };
  });

  let accepted = 0;
  let best = 0;
  let next = 0;
  // A first step to warm the server (its compiled code, connections, caches) counts for nothing.
  for (const [rate, counted] of [[WARM_UP_RATE, false] as const, ...RATES.map((r) => [r, true] as const)]) {
    let done = false;
    const probe = healthProbe(server.url, () => done);
    let offered = 0;
    let taken = 0;
    let refused = 0;
    let inFlight = 0;
    let overloaded = false;
    const start = performance.now();
    const sends: Promise<void>[] = [];
    while (performance.now() - start < STEP_SECONDS * 1000) {
      const due = Math.floor(((performance.now() - start) / 1000) * rate) - offered;
      for (let i = 0; i < due; i++) {
        if (inFlight >= MAX_IN_FLIGHT) {
          overloaded = true;
          break;
        }
        const viewer = viewers[next++ % viewers.length];
        if (!viewer) break;
        offered += 1;
        inFlight += 1;
        sends.push(
          post(base, viewer.body, viewer.address).then((status) => {
            inFlight -= 1;
            if (status === 204) taken += 1;
            else refused += 1;
          }),
        );
      }
      await new Promise((r) => setTimeout(r, TICK_MS));
    }
    await Promise.all(sends);
    const seconds = (performance.now() - start) / 1000;
    done = true;
    const health = await probe;
    const p99 = percentileOf(health, 0.99);
    const achieved = taken / seconds;
    const sustained = !overloaded && refused === 0 && achieved >= rate * 0.95 && p99 < HEALTH_TARGET_MS;
    accepted += taken;
    if (!counted) continue;
    console.log(
      `## offered ${rate}/s: took ${achieved.toFixed(0)}/s, refused ${refused}, ` +
        `/api/health p50 ${percentileOf(health, 0.5).toFixed(1)} ms p99 ${p99.toFixed(1)} ms` +
        (overloaded ? ", more than 512 in flight" : "") +
        (sustained ? "" : ": not sustained"),
    );
    if (!sustained) break;
    best = achieved;
  }
  // The server writes what it gathered every 2 s: after the last write, every event taken is in a row.
  await new Promise((r) => setTimeout(r, 3_000));
  const [stored] = await db.query<{ n: string }>(
    "SELECT coalesce(sum(event_count), 0) AS n FROM playback_views WHERE video_session_id = $1",
    [session.id],
  );
  await db.close();
  const written = Number(stored?.n ?? 0);
  console.log(`## events taken ${accepted}, written ${written}`);
  console.log(`playback_events_per_s: ${best.toFixed(0)}`);
  process.exitCode = written === accepted && best >= TARGET_EVENTS_PER_S ? 0 : 1;
} finally {
  agent.destroy();
  await server?.stop();
  await cleanup();
}
