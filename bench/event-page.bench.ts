import { access, mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Fastify from "fastify";
import { buildApp } from "../apps/server/src/app";
import { seedDemoData } from "../apps/server/src/features/demo/seed";
import { openDatabase } from "../apps/server/src/platform/database";
import { signedIn } from "../apps/server/src/testing/app";
import { countingDatabase } from "../apps/server/src/testing/counting-database";

// Issue 14: the event page a shared link opens (its API answer and its server-rendered HTML), anonymous
// and signed in, against a bare Fastify route in the same process. Embedded PGlite with the demo data,
// or PostgreSQL when BENCH_DATABASE_URL is set (named statements only matter there).
const CONCURRENCY = 12;
const WARM_UP_MS = 500;
const MEASURE_MS = 4_000;

// The landing page is rendered by the web build's server entry: the bench needs `npm run build`.
const webDist = path.join(import.meta.dirname, "../apps/web/dist");
await access(path.join(webDist, "../dist-server/entry-server.js")).catch(() => {
  throw new Error(
    "bench/event-page: run `npm run build` first (the landing page renders from the web build)",
  );
});
const opened = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
await seedDemoData(opened);
const { db, queries } = countingDatabase(opened);
const { server } = await buildApp({
  db,
  publicUrl: "http://bench.test",
  webDist,
  filesDir: await mkdtemp(path.join(tmpdir(), "onstage-bench-")),
});
const base = await server.listen({ host: "127.0.0.1", port: 0 });
const bare = Fastify();
bare.get("/bare", () => ({ ok: true }));
const bareBase = await bare.listen({ host: "127.0.0.1", port: 0 });

const [attendee] = await opened.query<{ id: number }>("SELECT id FROM users ORDER BY id DESC LIMIT 1");
const { cookie } = await signedIn(opened, attendee?.id ?? 0);

// Clients ask as a browser does (compressed answers) over kept-alive connections, and read the bytes without
// inflating them: fetch would inflate every answer in this process, on the server's own CPU.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

function get(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { ...BROWSER_HEADERS, ...headers } }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`${url}: status ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
  });
}

/** Requests per second from CONCURRENCY clients for MEASURE_MS, and database queries per request. */
async function measure(url: string, headers: Record<string, string> = {}) {
  let stopAt = 0;
  let served = 0;
  const client = async () => {
    while (performance.now() < stopAt) {
      await get(url, headers);
      served += 1;
    }
  };
  const run = async (ms: number) => {
    served = 0;
    queries.length = 0;
    const started = performance.now();
    stopAt = started + ms;
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    return {
      perSecond: served / ((performance.now() - started) / 1000),
      perRequest: queries.length / served,
    };
  };
  await run(WARM_UP_MS);
  return run(MEASURE_MS);
}

const signedInHeaders = { cookie };
// The client's own code runs cold at first: warmed on the bare route, it does not colour the first case.
await measure(`${bareBase}/bare`);
const results = {
  bare: await measure(`${bareBase}/bare`),
  "by-code anonymous": await measure(`${base}/api/events/by-code/summit`),
  "by-code signed-in": await measure(`${base}/api/events/by-code/summit`, signedInHeaders),
  "c-page anonymous": await measure(`${base}/c/summit`),
  "c-page signed-in": await measure(`${base}/c/summit`, signedInHeaders),
};
agent.destroy();
await server.close();
await bare.close();
await opened.close();

for (const [name, { perSecond, perRequest }] of Object.entries(results))
  console.log(`${name}: ${perSecond.toFixed(0)} req/s, ${perRequest.toFixed(2)} queries/request`);
const ratio = (a: keyof typeof results, b: keyof typeof results) =>
  (results[a].perSecond / results[b].perSecond).toFixed(2);
console.log(`c-page anonymous / bare: ${ratio("c-page anonymous", "bare")}`);
console.log(`by-code signed-in / anonymous: ${ratio("by-code signed-in", "by-code anonymous")}`);
console.log(`c-page signed-in / anonymous: ${ratio("c-page signed-in", "c-page anonymous")}`);
console.log(`event_page_api_vs_bare: ${ratio("by-code anonymous", "bare")}`);
