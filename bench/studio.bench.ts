import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import type { EventPageData } from "@onstage/domain";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { CHROMIUM, CHROMIUM_ARGS } from "../e2e/support/chromium";
import { buildHarness, HARNESS_PATH } from "../e2e/support/harness";
import { goLive, signInDemoHost, waitUntilLive } from "./live-session";
import { cpuOf, descendantsOf, executableOf } from "./proc";

// Issue 24 "Must show": what the studio's layers cost the compositor. The demo host's tab composes the
// program as on a live stage (the fake camera as the one person on stage, 30 fps canvas, MediaRecorder,
// the compositor socket to the real server's ffmpeg) and sends it; the bench alternates 30 s with no
// layer and 30 s with a background image, a logo, a title overlay and a question card on air, twice,
// and reads the CPU time of every Chromium process (/proc). Target: with/without <= 1.10.
// `npm run build` first: the server runs compiled, on a fresh data directory with the demo data.
const EVENT = "office-hours";
const PHASE_S = 30;

/** CPU seconds so far of this bench's descendants whose executable matches `binary`. */
async function cpuSeconds(binary: RegExp): Promise<number> {
  const pids = await descendantsOf("self");
  const matching = await Promise.all(pids.map(async (pid) => binary.test(await executableOf(pid))));
  const cpu = await Promise.all(pids.filter((_, i) => matching[i]).map(cpuOf));
  return cpu.reduce((sum, c) => sum + c.own, 0);
}

const CHROMIUM_BINARY = /chrom/;
const FFMPEG_BINARY = /ffmpeg$/;

/** Brand images as a host would upload them, written where the server's files route serves them. */
async function writeBrandImages(filesDir: string) {
  const dir = path.join(filesDir, "bench-studio");
  await mkdir(dir, { recursive: true });
  const logo = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" rx="24" fill="#ffffff" fill-opacity="0.85"/><circle cx="100" cy="100" r="70" fill="#1F6FEB"/><text x="190" y="120" font-size="56" font-family="sans-serif" fill="#111">Onstage</text></svg>`,
  );
  await sharp(logo).png().toFile(path.join(dir, "logo.png"));
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0B1F3A"/><stop offset="1" stop-color="#3A0B2E"/></linearGradient></defs><rect width="1920" height="1080" fill="url(#g)"/><circle cx="1500" cy="300" r="260" fill="#1F6FEB" fill-opacity="0.3"/></svg>`,
  );
  await sharp(background).jpeg({ quality: 85 }).toFile(path.join(dir, "background.jpg"));
  return { logoUrl: "/files/bench-studio/logo.png", backgroundUrl: "/files/bench-studio/background.jpg" };
}

const app = await ServerProcess.create({ DATABASE_URL: "" });
await app.start();
const filesDir = path.join(app.dataDir, "files");
await buildHarness(filesDir);
const layers = await writeBrandImages(filesDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const event = (await (await fetch(`${app.url}/api/events/by-code/${EVENT}`)).json()) as EventPageData;
  const session = event.sessions.find((s) => s.state === "broadcasting");
  if (!session) throw new Error(`the demo event ${EVENT} has no broadcasting session`);
  for (const url of Object.values(layers)) {
    const res = await fetch(`${app.url}${url}`);
    if (!res.ok) throw new Error(`${url} is not served: ${res.status}`);
  }

  const host = await browser.newContext({ baseURL: app.url });
  await signInDemoHost(host);
  await goLive(host, session.id, event.event.id);
  const page = await host.newPage();
  await page.goto(HARNESS_PATH);
  await page.evaluate(async (sessionId) => {
    type Harness = { sendStudioFeed: (id: number) => Promise<void> };
    await (globalThis as unknown as { onstageHarness: Harness }).onstageHarness.sendStudioFeed(sessionId);
  }, session.id);
  type StudioFeed = {
    status: () => { phase: string; error: string | null } | null;
    layers: (on: typeof layers | null) => void;
  };
  await waitUntilLive(() =>
    page.evaluate(() => (globalThis as unknown as { studioFeed: StudioFeed }).studioFeed.status()),
  );
  await setTimeout(10_000); // past the encoder's and ffmpeg's start

  const spent = { without: { chromium: 0, ffmpeg: 0 }, with: { chromium: 0, ffmpeg: 0 } };
  for (const on of [false, true, false, true]) {
    await page.evaluate(
      (shown) => (globalThis as unknown as { studioFeed: StudioFeed }).studioFeed.layers(shown),
      on ? layers : null,
    );
    const chromiumBefore = await cpuSeconds(CHROMIUM_BINARY);
    const ffmpegBefore = await cpuSeconds(FFMPEG_BINARY);
    await setTimeout(PHASE_S * 1000);
    const phase = on ? spent.with : spent.without;
    const chromiumCpu = (await cpuSeconds(CHROMIUM_BINARY)) - chromiumBefore;
    const ffmpegCpu = (await cpuSeconds(FFMPEG_BINARY)) - ffmpegBefore;
    phase.chromium += chromiumCpu;
    phase.ffmpeg += ffmpegCpu;
    const name = on ? "with layers" : "no layer";
    console.log(
      `${name}: Chromium ${chromiumCpu.toFixed(1)} s, ffmpeg ${ffmpegCpu.toFixed(1)} s of CPU in ${PHASE_S} s`,
    );
  }
  const status = await page.evaluate(() =>
    (globalThis as unknown as { studioFeed: StudioFeed }).studioFeed.status(),
  );
  if (status?.phase !== "live") throw new Error(`the feed left live: ${JSON.stringify(status)}`);
  // Both kinds of phase ran 2 x PHASE_S seconds: CPU seconds per minute of program.
  const perMinute = (s: number) => (s * 60) / (2 * PHASE_S);
  console.log(
    `compositor CPU per minute of program: ${perMinute(spent.without.chromium).toFixed(1)} s with no layer, ` +
      `${perMinute(spent.with.chromium).toFixed(1)} s with background, logo, title and question card`,
  );
  console.log(
    `ffmpeg CPU per minute of program: ${perMinute(spent.without.ffmpeg).toFixed(1)} s, then ${perMinute(spent.with.ffmpeg).toFixed(1)} s`,
  );
  console.log(`studio_layers_cpu_ratio: ${(spent.with.chromium / spent.without.chromium).toFixed(3)}`);
} finally {
  await browser.close();
  await app.stop();
}
