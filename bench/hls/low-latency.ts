import { mkdir, rename, writeFile } from "node:fs/promises";
import type http from "node:http";
import { Agent } from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { EventPageData, PlaybackResponse } from "@onstage/domain";
import { request } from "playwright-core";
import { openCompositor, sendRecording, webmRecording } from "../../apps/server/src/testing/media";
import { ServerProcess } from "../../apps/server/src/testing/server-process";
import { goLive, signInDemoHost } from "../live-session";
import { load, type ViewerWindow } from "./load";
import { get } from "./requests";

// Issue 27 §2: the same comparison on LL-HLS. The real server (`npm run build` first) broadcasts a live
// feed (a compositor's H.264 WebM in real time -> ffmpeg -> the LL-HLS packager); each viewer does what
// hls.js in low-latency mode does: a blocking reload for the part after the newest it has (held by the
// server until that part is written), then the new parts. The bare file server serves the same folder,
// with the playlist copied into it 10 times a second, polled once per part target instead (a server
// that cannot hold a request). Held requests must cost nothing while they wait.

const VIEWERS = 500;
const PART_MS = 333;
const FEED_SECONDS = 90;
const EVENT = "office-hours";

const HINT = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="s(\d+)-p(\d+)\.m4s"/;
const PART_URI = /#EXT-X-PART:[^\n]*URI="([^"]+)"/g;

let nextViewer = 0;

/** A viewer: `playlist(hint)` gives the next playlist (blocking on the hint, or a timed poll). */
async function viewer(
  dir: string,
  playlist: (agent: http.Agent, hint: string | null) => Promise<{ status: number; body: Buffer }>,
  { phaseMs, until, measureFrom, tally }: ViewerWindow,
) {
  // Each viewer from an address of its own, as a real audience: the server holds a few requests an address.
  const n = nextViewer++;
  const localAddress = `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
  const seen = new Set<string>();
  let hint: string | null = null;
  await sleep(phaseMs);
  while (performance.now() < until) {
    const counted = performance.now() >= measureFrom;
    try {
      const answer = await playlist(agent, hint);
      if (answer.status !== 200) throw new Error(`playlist ${answer.status}`);
      if (counted) tally.playlist.push(0);
      const text = answer.body.toString();
      const match = HINT.exec(text);
      hint = match ? `?_HLS_msn=${match[1]}&_HLS_part=${match[2]}` : null;
      const parts = [...text.matchAll(PART_URI)].map((m) => m[1] ?? "");
      // A player joins at the live edge: the newest part first, then every new one.
      for (const name of (seen.size === 0 ? parts.slice(-1) : parts).filter((n) => !seen.has(n))) {
        seen.add(name);
        const began = performance.now();
        const part = await get(agent, `${dir}${name}`, false);
        if (part.status !== 200) throw new Error(`part ${part.status}`);
        if (counted) {
          tally.segment.push(performance.now() - began);
          tally.bytes += part.bytes;
        }
      }
    } catch {
      if (counted) tally.errors++;
      await sleep(PART_MS);
    }
  }
  agent.destroy();
}

/** Polls once per part target at the viewer's phase, as a player of a server without blocking reloads. */
function polling(url: string) {
  let due = 0;
  return async (agent: http.Agent) => {
    due = Math.max(due + PART_MS, performance.now());
    await sleep(Math.max(0, due - performance.now()));
    return get(agent, url, true);
  };
}

export async function lowLatencyComparison(
  staticServer: (root: string, port: number) => Promise<{ pid?: number; kill(): void }>,
  freePort: () => Promise<number>,
) {
  const app = await ServerProcess.create({ DATABASE_URL: "" });
  await app.start();
  const api = await request.newContext({ baseURL: app.url });
  try {
    const event = (await (await api.get(`/api/events/by-code/${EVENT}`)).json()) as EventPageData;
    const session = event.sessions.find((s) => s.state === "broadcasting");
    if (!session) throw new Error(`the demo event ${EVENT} has no broadcasting session`);
    await signInDemoHost({ request: api });
    await goLive({ request: api }, session.id, event.event.id);
    const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const recording = await webmRecording(FEED_SECONDS, "1280x720");
    const compositor = await openCompositor(app.url, session.id, { cookie, origin: app.url });
    const feeding = sendRecording(compositor, recording, FEED_SECONDS);
    let liveUrl = "";
    for (let waited = 0; !liveUrl.endsWith("/ll.m3u8"); waited += 500) {
      if (waited > 60_000) throw new Error("the stream never went on air with LL-HLS");
      await sleep(500);
      const playback = (await (
        await api.get(`/api/video-session/playback?video_session_id=${session.id}`)
      ).json()) as PlaybackResponse;
      liveUrl = playback.liveUrl ?? "";
    }
    const url = `${app.url}${liveUrl}`;
    const dir = url.slice(0, url.lastIndexOf("/") + 1);
    const served = await load({
      name: "onstage LL-HLS, blocking reloads",
      pid: app.pid ?? 0,
      viewers: VIEWERS,
      periodMs: PART_MS,
      viewer: (window) => viewer(dir, (agent, hint) => get(agent, `${url}${hint ?? ""}`, true), window),
    });

    // The same folder from a bare file server, the playlist copied in as it changes.
    const streamPath = liveUrl.split("/").slice(3, -1).join("/");
    const folder = path.join(app.dataDir, "media", streamPath);
    await mkdir(folder, { recursive: true });
    const copying = setInterval(() => {
      void fetch(url)
        .then((res) => res.text())
        .then(async (text) => {
          await writeFile(path.join(folder, "ll.m3u8.tmp"), text);
          await rename(path.join(folder, "ll.m3u8.tmp"), path.join(folder, "ll.m3u8"));
        })
        .catch(() => undefined);
    }, 100);
    const port = await freePort();
    const bare = await staticServer(path.join(app.dataDir, "media"), port);
    const staticDir = `http://127.0.0.1:${port}/${streamPath}/`;
    const baseline = await load({
      name: "bare node:http + fs, LL-HLS polled",
      pid: bare.pid ?? 0,
      viewers: VIEWERS,
      periodMs: PART_MS,
      viewer: (window) => {
        const poll = polling(`${staticDir}ll.m3u8`);
        return viewer(staticDir, (agent) => poll(agent), window);
      },
    });
    clearInterval(copying);
    bare.kill();
    compositor.socket.close();
    await feeding.catch(() => undefined);
    return { served, baseline };
  } finally {
    await api.dispose();
    await app.stop();
  }
}
