import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../apps/server/src/app";
import { seedDemoData } from "../apps/server/src/features/demo/seed";
import { openDatabase } from "../apps/server/src/platform/database";

// Event page API on embedded PGlite with the demo data: the request every visitor of a shared link makes.
const REQUESTS = 2_000;
const CONCURRENCY = 8;

const db = await openDatabase({});
await seedDemoData(db);
const { server } = await buildApp({
  db,
  publicUrl: "http://bench.test",
  webDist: "/nonexistent",
  filesDir: await mkdtemp(path.join(tmpdir(), "onstage-bench-")),
});
await server.listen({ host: "127.0.0.1", port: 0 });
const address = server.server.address();
const base = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";

const latencies: number[] = [];
let next = 0;
async function worker() {
  while (next < REQUESTS) {
    next += 1;
    const started = performance.now();
    const res = await fetch(`${base}/api/events/by-code/summit`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`status ${res.status}`);
    latencies.push(performance.now() - started);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(2);

await server.close();
await db.close();
console.log(`event-page-api p50: ${pct(0.5)} ms`);
console.log(`event-page-api p99: ${pct(0.99)} ms`);
console.log(`event-page-api: ${(REQUESTS / seconds).toFixed(0)} req/s`);
