import { fork, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildApp } from "../apps/server/src/app";
import { openStream } from "../apps/server/src/kernel/broadcast/streams";
import { compositorArgs } from "../apps/server/src/media/ffmpeg-args";
import { throwawayDatabase } from "../apps/server/src/platform/database/throwaway";
import { withOutbox } from "../apps/server/src/platform/realtime/outbox";
import { signedIn, TEST_PUBLIC_URL } from "../apps/server/src/testing/app";
import { given } from "../apps/server/src/testing/given";
import {
  H264_WEBM,
  openCompositor,
  paceChunks,
  sendRecording,
  webmRecording,
} from "../apps/server/src/testing/media";
import { childrenOf, cpuOf } from "./proc";

// Issue 11 §3: the program feed's cost against the bare ffmpeg command. The same 720p30 H.264 + Opus
// WebM goes through the real app (a WebSocket in real time, ffmpeg, the recording's playlist) and
// through `ffmpeg -i input -c:v copy -c:a aac -f hls`, both fed at the stream's pace. The app runs in
// a child process (this file in its "server" role), so its CPU (node and its ffmpeg) is measured apart
// from the sending client. Both are measured over the same minute of a running stream (after WARM_UP
// seconds); what a stream costs once (admission, going on air, the end) is printed beside.
const WARM_UP_SECONDS = 10;
const WINDOW_SECONDS = 60;
const STREAM_SECONDS = WARM_UP_SECONDS + WINDOW_SECONDS + 3;
/**
 * The stream starts after the server idled IDLE_SLICES x IDLE_SLICE_SECONDS, as a server that has been
 * up a while: V8's memory reducer runs a full collection some 20-40 s after start-up (measured: 0.26 s
 * of CPU over the main and GC threads, once), which would otherwise land in the window at random. The
 * server's CPU in the window is then counted whole; its idle rate (the median slice) is printed beside.
 */
const IDLE_SLICES = 6;
const IDLE_SLICE_SECONDS = 10;
/**
 * The server's CPU so far: its node process (every thread), its media process (program-feed/
 * media-child.ts), and ffmpeg (the running runs and the ones that ended, which node processes reap).
 */
async function serverCpu(pid: number | "self" = "self"): Promise<Cpu> {
  const self = await cpuOf(pid);
  const total: Cpu =
    self.name === "ffmpeg"
      ? { node: 0, media: 0, ffmpeg: self.own }
      : { node: pid === "self" ? self.own : 0, media: pid === "self" ? 0 : self.own, ffmpeg: self.reaped };
  for (const child of await childrenOf(pid)) {
    const cpu = await serverCpu(child);
    total.media += cpu.node + cpu.media;
    total.ffmpeg += cpu.ffmpeg;
  }
  return total;
}

interface Cpu {
  /** The server's own process. */
  node: number;
  media: number;
  ffmpeg: number;
}
const minus = (a: Cpu, b: Cpu): Cpu => ({
  node: a.node - b.node,
  media: a.media - b.media,
  ffmpeg: a.ffmpeg - b.ffmpeg,
});

interface Ready {
  base: string;
  session: number;
  cookie: string;
  vod: string;
}
type ToServer = { kind: "cpu" } | { kind: "idle" } | { kind: "end" };
type FromServer =
  | ({ kind: "ready" } & Ready)
  | ({ kind: "cpu" } & Cpu)
  /** The server's node CPU per minute while no feed runs. */
  | { kind: "idle"; perMinute: number };

async function serve(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), "onstage-media-bench-"));
  const { db, drop } = await throwawayDatabase("pglite", "");
  const app = await buildApp({
    db,
    publicUrl: TEST_PUBLIC_URL,
    webDist: "/nonexistent",
    filesDir: path.join(work, "files"),
    mediaDir: path.join(work, "media"),
    mediaSecret: "bench-secret-bench-secret-bench-secret",
  });
  const base = await app.server.listen({ host: "127.0.0.1", port: 0 });
  const g = given(db);
  const event = await g.event(await g.channel());
  const session = await g.session(event, { state: "broadcasting" });
  const hostId = await g.user({ email_verified_at: new Date() });
  await g.role(event, hostId, "host");
  const stream = await withOutbox(db, app.realtime.realtime, (tx, o) => openStream(tx, o, session, true));
  const vod = path.join(work, "media", `sessions/${session}/streams/${stream.id}/vod.m3u8`);
  const send = (message: FromServer) => process.send?.(message);
  process.on("message", async (message: ToServer) => {
    if (message.kind === "cpu") send({ kind: "cpu", ...(await serverCpu()) });
    if (message.kind === "idle") {
      const slices: number[] = [];
      for (let last = (await serverCpu()).node; slices.length < IDLE_SLICES; ) {
        await sleep(IDLE_SLICE_SECONDS * 1_000);
        const now = (await serverCpu()).node;
        slices.push(now - last);
        last = now;
      }
      const median = slices.sort((a, b) => a - b)[Math.floor(IDLE_SLICES / 2)] ?? 0;
      send({ kind: "idle", perMinute: (median * 60) / IDLE_SLICE_SECONDS });
    }
    if (message.kind !== "end") return;
    // End live, as the session state machine does; the pipeline flushes and ends the recording.
    app.lifecycle.emit("sessionState", {
      sessionId: session,
      eventId: event,
      from: "broadcasting",
      to: "postevent",
      stream,
    });
    while (!(await readFile(vod, "utf8").catch(() => "")).includes("#EXT-X-ENDLIST")) await sleep(50);
    send({ kind: "cpu", ...(await serverCpu()) });
    await app.server.close();
    await drop();
    process.exit(0);
  });
  send({ kind: "ready", base, session, cookie: (await signedIn(db, hostId)).cookie, vod });
}

/** Resolves `sample()` at WARM_UP_SECONDS and at the window's end, counted from `started`. */
async function overTheWindow<T>(started: number, sample: () => Promise<T>): Promise<[T, T]> {
  await sleep(Math.max(0, started + WARM_UP_SECONDS * 1_000 - Date.now()));
  const first = await sample();
  await sleep(WINDOW_SECONDS * 1_000);
  return [first, await sample()];
}

async function bench(): Promise<void> {
  console.log(`making ${STREAM_SECONDS} s of 720p30 H.264 + Opus WebM...`);
  const recording = await webmRecording(STREAM_SECONDS, "1280x720");
  const server = fork(import.meta.filename, ["server"], { execArgv: ["--import", "tsx"] });
  const next = <K extends FromServer["kind"]>(_kind: K) =>
    new Promise<Extract<FromServer, { kind: K }>>((resolve) => server.once("message", resolve));
  const ask = <K extends FromServer["kind"]>(request: ToServer["kind"], answer: K) => {
    const answered = next(answer);
    server.send({ kind: request } satisfies ToServer);
    return answered;
  };
  const ready = await next("ready");
  const idle = await ask("idle", "idle");
  const before = await ask("cpu", "cpu");
  const client = await openCompositor(ready.base, ready.session, {
    cookie: ready.cookie,
    origin: TEST_PUBLIC_URL,
  });
  const started = Date.now();
  const sending = sendRecording(client, recording, STREAM_SECONDS);
  await client.waitFor("live", 30_000);
  const firstPlaylistMs = Date.now() - started;
  const [windowStart, windowEnd] = await overTheWindow(started, () => ask("cpu", "cpu"));
  await sending;
  const total = minus(await ask("end", "cpu"), before);
  // Reaped before the bare runs are measured.
  if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
  const segments = (await readFile(ready.vod, "utf8")).split("\n").filter((l) => l.endsWith(".ts")).length;
  const steady = minus(windowEnd, windowStart);
  const pipelineNode = steady.node + steady.media;

  const work = await mkdtemp(path.join(tmpdir(), "onstage-media-bare-"));
  const hls = (name: string) => [
    ...["-c:v", "copy", "-c:a", "aac", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0"],
    path.join(work, `${name}.m3u8`),
  ];
  const bare = await pacedFfmpegCpu(["-i", "pipe:0", ...hls("bare")], recording);
  // The pipeline's own ffmpeg command without the server around it: what the server's side adds.
  await mkdir(path.join(work, "own"));
  const own = await pacedFfmpegCpu(compositorArgs(H264_WEBM, false), recording, path.join(work, "own"));

  const perMinute = (s: number) => `${((s * 60) / WINDOW_SECONDS).toFixed(2)} s`;
  console.log(
    `input: ${STREAM_SECONDS} s of 1280x720 30 fps, ${(recording.length / 1e6).toFixed(1)} MB, sent in real time; ` +
      `CPU per minute over ${WINDOW_SECONDS} s of the running stream (from ${WARM_UP_SECONDS} s in)`,
  );
  console.log(
    `first live playlist ${firstPlaylistMs} ms after the first chunk; ${segments} recorded segments`,
  );
  console.log(
    `pipeline: ffmpeg ${perMinute(steady.ffmpeg)} + media process ${perMinute(steady.media)} + ` +
      `server ${perMinute(steady.node)} (idle: ${idle.perMinute.toFixed(2)} s)`,
  );
  const all = (cpu: Cpu) => cpu.node + cpu.media + cpu.ffmpeg;
  console.log(
    `whole stream, admission to end: ${all(total).toFixed(2)} s (${(all(total) - all(steady)).toFixed(2)} s outside the window)`,
  );
  console.log(`the pipeline's ffmpeg command alone, fed the same: ${perMinute(own)}`);
  console.log(`bare ffmpeg fed the same: ${perMinute(bare)}`);
  console.log(`pipeline_vs_bare_ffmpeg: ${((steady.ffmpeg + pipelineNode) / bare).toFixed(2)}`);
}

/** One ffmpeg run fed `input` at the stream's pace, in `cwd`: its CPU seconds over the window. */
async function pacedFfmpegCpu(args: string[], input: Buffer, cwd?: string): Promise<number> {
  const run = spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", ...args], {
    stdio: ["pipe", "pipe", "inherit"],
    cwd,
  });
  // The pipeline's LL-HLS output (its packager reads it): drained, as the packager does.
  run.stdout.resume();
  const started = Date.now();
  const feeding = paceChunks(input, STREAM_SECONDS, (chunk) => run.stdin.write(chunk) || true);
  const pid = run.pid ?? 0;
  const [first, last] = await overTheWindow(started, () => cpuOf(pid));
  await feeding;
  run.stdin.end();
  await new Promise((resolve) => run.once("close", resolve));
  return last.own - first.own;
}

if (process.argv[2] === "server") await serve();
else {
  await bench();
  process.exit(0);
}
