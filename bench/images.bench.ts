import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout } from "node:timers/promises";
import { buildApp } from "../apps/server/src/app";
import { throwawayDatabase } from "../apps/server/src/platform/database/throwaway";
import {
  compressedBlankPng,
  decoyFrameJpeg,
  interlacedPng,
  multipart,
} from "../apps/server/src/testing/images";

// Issue 10 §1.3: image bombs sent to a listening app over real HTTP while a monitor asks /api/health every
// 10 ms. The decoy-frame JPEG must be refused in under 500 ms and health must answer within 100 ms.
const ROUNDS = 10;
const PUBLIC_URL = "http://bench.test";

const { db, drop } = await throwawayDatabase("pglite", "");
const { server } = await buildApp({
  db,
  publicUrl: PUBLIC_URL,
  webDist: "/nonexistent",
  filesDir: await mkdtemp(path.join(tmpdir(), "onstage-bench-")),
});
await server.listen({ host: "127.0.0.1", port: 0 });
const address = server.server.address();
const base = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";

/** A signed-up browser: its cookies and CSRF token. */
async function browser(): Promise<{ cookie: string; token: string }> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: "POST",
    headers: { cookie: cookies.join("; "), "x-csrf-token": csrfToken, "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.test", firstName: "B", lastName: "C", tosAccepted: true }),
  });
  cookies.push(...signup.headers.getSetCookie().map((c) => c.split(";")[0]));
  return { cookie: cookies.join("; "), token: csrfToken };
}

const person = await browser();

/** Uploads a profile photo; the milliseconds until the answer, its status and error code. */
async function upload(bytes: Buffer): Promise<{ ms: number; status: number; code?: string }> {
  const { payload, headers } = multipart("photo", "bomb.png", "image/png", bytes);
  const sent = performance.now();
  const res = await fetch(`${base}/api/user/photo`, {
    method: "POST",
    headers: { ...headers, cookie: person.cookie, "x-csrf-token": person.token },
    body: payload,
  });
  const body = (await res.json()) as { error?: { code: string } };
  return { ms: performance.now() - sent, status: res.status, code: body.error?.code };
}

const healthMs: number[] = [];
let monitoring = true;
const monitor = (async () => {
  while (monitoring) {
    const sent = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    healthMs.push(performance.now() - sent);
    await setTimeout(10);
  }
})();

const bombs = {
  "decoy-frame JPEG (1×1 then 8000×8000)": await decoyFrameJpeg(),
  "interlaced 6000×6000 PNG": await interlacedPng(),
  "6300×6300 PNG": await compressedBlankPng(),
};
const median: Record<string, number> = {};
let refusedAll = true;
for (const [name, bytes] of Object.entries(bombs)) {
  const ms: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const r = await upload(bytes);
    refusedAll &&= r.status === 400 && r.code === "invalid_image";
    ms.push(r.ms);
  }
  ms.sort((a, b) => a - b);
  median[name] = ms[Math.floor(ROUNDS / 2)] ?? 0;
  console.log(
    `${name}, ${bytes.length} bytes: refused in ${median[name]?.toFixed(0)} ms (median of ${ROUNDS}), at most ${ms.at(-1)?.toFixed(0)} ms`,
  );
}
// The largest accepted photo keeps the decoder busy for a while: health must not wait for it.
const largest = await upload(await interlacedPng(5000));
console.log(`accepted 5000×5000 interlaced PNG: status ${largest.status} after ${largest.ms.toFixed(0)} ms`);

monitoring = false;
await monitor;
await server.close();
await drop();

healthMs.sort((a, b) => a - b);
const p95 = healthMs[Math.floor(healthMs.length * 0.95)] ?? 0;
console.log(`health checks meanwhile: ${healthMs.length}, p95 ${p95.toFixed(0)} ms`);
console.log(`health_max_ms: ${Math.max(...healthMs).toFixed(0)}`);
const bombMs = median[Object.keys(bombs)[0] ?? ""] ?? 0;
console.log(`image_bomb_ms: ${bombMs.toFixed(0)}`);
process.exit(refusedAll && largest.status === 200 ? 0 : 1);
