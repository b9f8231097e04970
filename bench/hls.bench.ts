import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { mediaToken } from "../apps/server/src/media/playback-tokens";
import { freePort } from "../apps/server/src/testing/free-port";
import { load, type ViewerWindow } from "./hls/load";
import { lowLatencyComparison } from "./hls/low-latency";
import { get } from "./hls/requests";

// Issue 13 §4: 2,000 HLS viewers of one live stream, against the server's /media/ route (the real
// server, `main.ts` as `npm start` runs it, logging at its default level into a file) and against a
// bare static file server (node:http + fs.readFile, this file in its "static" role) serving the same
// directory, one after the other in the same run. A writer adds a 1 s segment a second at the bitrate
// the pipeline writes (2.5 Mbit/s video + AAC, ~330 KB) and rewrites the 6-segment live playlist, as
// ffmpeg does. Each viewer polls the playlist once per target duration (1 s, at its own phase) and
// fetches each new segment once, over its own keep-alive connection.
//
// Printed: p50/p99 latency of playlist polls and of segment fetches (request to last byte), requests
// served, errors, and each server's CPU (utime + stime from /proc) over the measured window. CPU per
// request served is what decides how many viewers a node carries: hls_serving_vs_static = the bare
// server's CPU per request / the Onstage server's (1 = as cheap as a bare file server; >= 0.8 is the
// target: the app costs at most 1.25x the bare server per request). Per request, because on a busy
// machine the client may not keep up with 2,000 viewers and the two runs then serve different counts;
// other processes slow both alike. Latencies are printed for reading, not in the ratio.
const VIEWERS = 2_000;
const SEGMENT_SECONDS = 1;
const SEGMENT_BYTES = Math.round(((2_500_000 + 130_000) / 8) * SEGMENT_SECONDS);
const LIST_SIZE = 6;
const SECRET = "bench-hls-media-secret-0123456789abcdef-xyz";
const SESSION = 1;
const STREAM_PATH = `sessions/${SESSION}/streams/1`;
const SELF = fileURLToPath(import.meta.url);
const REPO_ROOT = path.resolve(path.dirname(SELF), "..");

/** The "static" role: a bare file server for the directory, as an operator's nginx stand-in. */
function serveStatic(root: string, port: number): void {
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    if (!file.startsWith(root)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        const type = file.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t";
        res.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  // Fastify's keep-alive timeout (72 s), not node:http's 5 s: a viewer's connection stays open.
  server.keepAliveTimeout = 72_000;
  server.listen(port, "127.0.0.1", () => process.send?.("ready"));
}

/** ffmpeg's live output, imitated: a new segment every second, the playlist renamed into place. */
class LiveWriter {
  private n = 0;
  private timer: NodeJS.Timeout | null = null;
  /** One segment at a time, even when the machine is too busy to finish one within a second. */
  private writing: Promise<void> = Promise.resolve();
  constructor(private readonly dir: string) {}

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (let i = 0; i < LIST_SIZE; i++) await this.next();
    this.timer = setInterval(() => {
      this.writing = this.writing.then(() => this.next());
    }, SEGMENT_SECONDS * 1000);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
  }

  private async next(): Promise<void> {
    const n = this.n++;
    await writeFile(path.join(this.dir, `live${n}.ts`), randomBytes(SEGMENT_BYTES));
    const first = Math.max(0, n - LIST_SIZE + 1);
    const lines = [
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      "#EXT-X-TARGETDURATION:1",
      `#EXT-X-MEDIA-SEQUENCE:${first}`,
    ];
    for (let i = first; i <= n; i++) {
      const at = new Date(Date.now() - (n - i) * 1000).toISOString();
      lines.push(`#EXTINF:1.000000,`, `#EXT-X-PROGRAM-DATE-TIME:${at}`, `live${i}.ts`);
    }
    const playlist = path.join(this.dir, "live.m3u8");
    await writeFile(`${playlist}.tmp`, `${lines.join("\n")}\n`);
    await rename(`${playlist}.tmp`, playlist);
    // The pipeline deletes segments some 10 s after they leave the playlist.
    if (n >= LIST_SIZE + 10)
      await unlink(path.join(this.dir, `live${n - LIST_SIZE - 10}.ts`)).catch(() => undefined);
  }
}

/** One viewer: a playlist poll per target duration at its phase, each new segment fetched once. */
async function viewer(base: () => string, { phaseMs, until, measureFrom, tally }: ViewerWindow) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const seen = new Set<string>();
  let first = true;
  await sleep(phaseMs);
  // As hls.js: the next poll a target duration after the last was due, or at once when it is late.
  for (
    let due = performance.now();
    due < until;
    due = Math.max(due + SEGMENT_SECONDS * 1000, performance.now())
  ) {
    await sleep(Math.max(0, due - performance.now()));
    const counted = performance.now() >= measureFrom;
    try {
      const started = performance.now();
      const playlist = await get(agent, `${base()}live.m3u8`, true);
      if (playlist.status !== 200) throw new Error(`playlist ${playlist.status}`);
      if (counted) tally.playlist.push(performance.now() - started);
      const names = playlist.body
        .toString()
        .split("\n")
        .filter((line) => line && !line.startsWith("#"));
      // A player joins near the live edge: the newest segment first, then every new one.
      const fresh = (first ? names.slice(-1) : names).filter((name) => !seen.has(name));
      first = false;
      for (const name of fresh) {
        seen.add(name);
        const began = performance.now();
        const segment = await get(agent, `${base()}${name}`, false);
        if (segment.status !== 200) throw new Error(`segment ${segment.status}`);
        if (counted) {
          tally.segment.push(performance.now() - began);
          tally.bytes += segment.bytes;
        }
      }
    } catch {
      if (counted) tally.errors++;
    }
  }
  agent.destroy();
}

function started(child: ChildProcess): void {
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  child.once("exit", () => process.off("exit", kill));
}

async function onstageServer(dataDir: string, port: number): Promise<ChildProcess> {
  const log = openSync(path.join(dataDir, "server.log"), "a");
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      MEDIA_SECRET: SECRET,
      LOG_LEVEL: "info",
    },
  });
  started(child);
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(250)) {
    if (child.exitCode !== null) throw new Error(`the server exited: see ${dataDir}/server.log`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
  throw new Error("the server did not become healthy");
}

async function staticServer(root: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", SELF, "static", root, String(port)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  started(child);
  await new Promise((resolve) => child.once("message", resolve));
  return child;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "onstage-bench-hls-"));
  const writer = new LiveWriter(path.join(dataDir, "media", STREAM_PATH));
  try {
    await writer.start();
    const appPort = await freePort();
    const app = await onstageServer(dataDir, appPort);
    // A viewer gets a fresh signed URL from the playback API as the window turns; the same here.
    const appBase = () =>
      `http://127.0.0.1:${appPort}/media/${mediaToken(SECRET, { sessionId: SESSION, streamId: 1 }, new Date()).token}/${STREAM_PATH}/`;
    const served = await load({
      name: "onstage /media/",
      pid: app.pid ?? 0,
      viewers: VIEWERS,
      periodMs: SEGMENT_SECONDS * 1000,
      viewer: (window) => viewer(appBase, window),
    });
    app.kill("SIGTERM");
    const staticPort = await freePort();
    const bare = await staticServer(path.join(dataDir, "media"), staticPort);
    const baseline = await load({
      name: "bare node:http + fs",
      pid: bare.pid ?? 0,
      viewers: VIEWERS,
      periodMs: SEGMENT_SECONDS * 1000,
      viewer: (window) => viewer(() => `http://127.0.0.1:${staticPort}/${STREAM_PATH}/`, window),
    });
    bare.kill("SIGTERM");
    console.log(`hls_playlist_p99_ms: server ${served.p99.toFixed(1)}, static ${baseline.p99.toFixed(1)}`);
    const ms = (v: number) => `${(v * 1000).toFixed(3)} ms`;
    console.log(`cpu_per_request: server ${ms(served.cpuPerRequest)}, static ${ms(baseline.cpuPerRequest)}`);
    console.log(
      `hls_standard_serving_vs_static: ${(baseline.cpuPerRequest / served.cpuPerRequest).toFixed(2)}`,
    );
    const low = await lowLatencyComparison(staticServer, freePort);
    console.log(
      `cpu_per_request (LL-HLS): server ${ms(low.served.cpuPerRequest)}, static ${ms(low.baseline.cpuPerRequest)}`,
    );
    const errors = [served, baseline, low.served, low.baseline].reduce((sum, run) => sum + run.errors, 0);
    if (errors > 0) process.exitCode = 1;
    // What viewers do now: LL-HLS, with every reload held until its part is written.
    console.log(
      `hls_serving_vs_static: ${(low.baseline.cpuPerRequest / low.served.cpuPerRequest).toFixed(2)}`,
    );
  } finally {
    await writer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "static") serveStatic(process.argv[3] ?? ".", Number(process.argv[4]));
else await main();
