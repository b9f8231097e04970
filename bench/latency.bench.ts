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
// Issue 27: first the same clock as a small room's audience gets it, the program over WebRTC from a
// viewer place (glass_to_glass_webrtc, target 0.5 s), then over HLS (glass_to_glass, the last line).
// For comparison: Mux's low-latency mode is about 4 s, Owncast's default HLS a handful of seconds.
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
  // A viewer place is for a signed-in person: the demo host watches as the audience does.
  await signInDemoHost(viewer);
  const measure = async (how: "measureRealtimeGlassToGlass" | "measureGlassToGlass") => {
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(HARNESS_PATH);
    const samples = await viewerPage.evaluate(
      ({ sessionId, count, how }) => {
        type Measure = (id: number, n: number) => Promise<number[]>;
        const harness = (globalThis as unknown as { onstageHarness: Record<string, Measure> }).onstageHarness;
        return harness[how]?.(sessionId, count) ?? Promise.reject(new Error(`no ${how}`));
      },
      { sessionId: session.id, count: SAMPLES, how },
    );
    await viewerPage.close();
    const seconds = samples.map((ms) => ms / 1000);
    console.log(`samples (s): ${seconds.map((s) => s.toFixed(2)).join(" ")}`);
    console.log(`min ${Math.min(...seconds).toFixed(2)} s, max ${Math.max(...seconds).toFixed(2)} s`);
    return median(seconds).toFixed(2);
  };
  console.log(`glass_to_glass_webrtc: ${await measure("measureRealtimeGlassToGlass")} s`);
  console.log(`glass_to_glass: ${await measure("measureGlassToGlass")} s`);
} finally {
  await browser.close();
  await app.stop();
}
