import path from "node:path";
import type { EventPageData } from "@onstage/domain";
import { chromium } from "playwright-core";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { CHROMIUM, CHROMIUM_ARGS } from "../e2e/support/chromium";
import { buildHarness, HARNESS_PATH } from "../e2e/support/harness";
import { goLive, signInDemoHost, waitUntilLive } from "./live-session";

// Issue 11 §3 glass to glass: a host page draws the wall-clock time (digits and a row of binary blocks)
// as the only participant of the program feed -> canvas compositor -> MediaRecorder -> compositor
// WebSocket -> the server's ffmpeg -> live HLS -> hls.js in a viewer page, which decodes the blocks from
// the frame on screen and subtracts them from its own clock (same machine, same clock). Median of 20.
// Runs the real server (`npm run build` first) on a fresh data directory with the demo data: the demo
// host resets the 'office-hours' session and takes it live, then sends its program.
const SAMPLES = 20;
const EVENT = "office-hours";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const app = await ServerProcess.create({ DATABASE_URL: "" });
await app.start();
await buildHarness(path.join(app.dataDir, "files"));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const event = (await (await fetch(`${app.url}/api/events/by-code/${EVENT}`)).json()) as EventPageData;
  const session = event.sessions.find((s) => s.state === "broadcasting");
  if (!session) throw new Error(`the demo event ${EVENT} has no broadcasting session`);

  const host = await browser.newContext({ baseURL: app.url });
  await signInDemoHost(host);
  await goLive(host, session.id, event.event.id);
  const hostPage = await host.newPage();
  await hostPage.goto(HARNESS_PATH);
  await hostPage.evaluate((sessionId) => {
    type Harness = { sendClockFeed: (id: number) => { status: () => unknown } };
    const harness = (globalThis as unknown as { onstageHarness: Harness }).onstageHarness;
    Object.assign(globalThis, { clockFeed: harness.sendClockFeed(sessionId) });
  }, session.id);
  // The server answers 'live' once ffmpeg wrote the first playlist.
  await waitUntilLive(() =>
    hostPage.evaluate(() => {
      type Feed = { status: () => { phase: string; error: string | null } | null };
      return (globalThis as unknown as { clockFeed: Feed }).clockFeed.status();
    }),
  );

  const viewer = await browser.newContext({ baseURL: app.url });
  const viewerPage = await viewer.newPage();
  await viewerPage.goto(HARNESS_PATH);
  const samples = await viewerPage.evaluate(
    ({ sessionId, count }) => {
      type Harness = { measureGlassToGlass: (id: number, n: number) => Promise<number[]> };
      return (globalThis as unknown as { onstageHarness: Harness }).onstageHarness.measureGlassToGlass(
        sessionId,
        count,
      );
    },
    { sessionId: session.id, count: SAMPLES },
  );
  const seconds = samples.map((ms) => ms / 1000);
  console.log(`samples (s): ${seconds.map((s) => s.toFixed(2)).join(" ")}`);
  console.log(`min ${Math.min(...seconds).toFixed(2)} s, max ${Math.max(...seconds).toFixed(2)} s`);
  console.log(`glass_to_glass: ${median(seconds).toFixed(2)} s`);
} finally {
  await browser.close();
  await app.stop();
}
