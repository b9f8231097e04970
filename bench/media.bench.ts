import { execFileSync, fork, spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildApp } from "../apps/server/src/app";
import { openStream } from "../apps/server/src/features/broadcast/streams";
import { throwawayDatabase } from "../apps/server/src/platform/database/throwaway";
import { withOutbox } from "../apps/server/src/platform/realtime/outbox";
import { signedIn, TEST_PUBLIC_URL } from "../apps/server/src/testing/app";
import { given } from "../apps/server/src/testing/given";
import { openCompositor, paceChunks, sendRecording, webmRecording } from "../apps/server/src/testing/media";

// Issue 11 §3: the program feed's cost against the bare ffmpeg command. The same 720p30 H.264 + Opus
// WebM goes through the real app (a WebSocket in real time, ffmpeg, the recording's playlist) and
// through `ffmpeg -i input -c:v copy -c:a aac -f hls`. The app runs in a child process (this file in
// its "server" role), so its CPU (node and its ffmpeg) is measured apart from the sending client.
const SECONDS = 30;
const SCALE = 60 / SECONDS;
const TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** This process's CPU seconds: its own (node, every thread) and its exited children's (ffmpeg runs). */
async function cpuSeconds(): Promise<{ self: number; children: number }> {
  const stat = await readFile("/proc/self/stat", "utf8");
  const f = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  return { self: ((f[11] ?? 0) + (f[12] ?? 0)) / TICKS, children: ((f[13] ?? 0) + (f[14] ?? 0)) / TICKS };
}

interface Ready {
  base: string;
  session: number;
  event: number;
  cookie: string;
  vod: string;
}
type ToServer = { kind: "measure" } | { kind: "idle" } | { kind: "end" };
type FromServer =
  | ({ kind: "ready" } & Ready)
  | { kind: "cpu"; self: number; children: number }
  | { kind: "idle"; self: number };

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
  let before = await cpuSeconds();
  const send = (message: FromServer) => process.send?.(message);
  process.on("message", async (message: ToServer) => {
    if (message.kind === "measure") before = await cpuSeconds();
    // The server's own CPU with no feed, over as long as the feed lasts: not the pipeline's.
    if (message.kind === "idle") {
      const start = await cpuSeconds();
      await sleep(SECONDS * 1_000);
      send({ kind: "idle", self: (await cpuSeconds()).self - start.self });
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
    const vod = path.join(work, "media", `sessions/${session}/streams/${stream.id}/vod.m3u8`);
    while (!(await readFile(vod, "utf8").catch(() => "")).includes("#EXT-X-ENDLIST")) await sleep(50);
    const after = await cpuSeconds();
    send({ kind: "cpu", self: after.self - before.self, children: after.children - before.children });
    await app.server.close();
    await drop();
    process.exit(0);
  });
  const cookie = (await signedIn(db, hostId)).cookie;
  send({
    kind: "ready",
    base,
    session,
    event,
    cookie,
    vod: path.join(work, "media", `sessions/${session}/streams/${stream.id}/vod.m3u8`),
  });
}

async function bench(): Promise<void> {
  console.log(`making ${SECONDS} s of 720p30 H.264 + Opus WebM...`);
  const recording = await webmRecording(SECONDS, "1280x720");
  const server = fork(import.meta.filename, ["server"], { execArgv: ["--import", "tsx"] });
  const next = () => new Promise<FromServer>((resolve) => server.once("message", resolve));
  const ready = (await next()) as Ready;
  const idling = next();
  server.send({ kind: "idle" } satisfies ToServer);
  const idle = (await idling) as Extract<FromServer, { kind: "idle" }>;
  server.send({ kind: "measure" } satisfies ToServer);
  await sleep(100);
  const client = await openCompositor(ready.base, ready.session, {
    cookie: ready.cookie,
    origin: TEST_PUBLIC_URL,
  });
  const sent = Date.now();
  const sending = sendRecording(client, recording, SECONDS);
  await client.waitFor("live", 30_000);
  const firstPlaylistMs = Date.now() - sent;
  await sending;
  const measured = next();
  server.send({ kind: "end" } satisfies ToServer);
  const cpu = (await measured) as Extract<FromServer, { kind: "cpu" }>;
  // Reaped before the bare run is measured: its CPU lands in this process's children time.
  if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
  const segments = (await readFile(ready.vod, "utf8")).split("\n").filter((l) => l.endsWith(".ts")).length;

  const work = await mkdtemp(path.join(tmpdir(), "onstage-media-bare-"));
  const input = path.join(work, "input.webm");
  await writeFile(input, recording);
  const hls = (name: string) => [
    ...["-c:v", "copy", "-c:a", "aac", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0"],
    path.join(work, `${name}.m3u8`),
  ];
  // The reference: the bare command given the same chunks at the same pace on stdin, as a live feed
  // arrives (ffmpeg's CPU depends on the pace: read at full speed the same input costs less).
  const bareBefore = await cpuSeconds();
  const bare = spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", "pipe:0", ...hls("bare")], {
    stdio: ["pipe", "ignore", "inherit"],
  });
  await paceChunks(recording, SECONDS, (chunk) => bare.stdin.write(chunk) || true);
  bare.stdin.end();
  await new Promise((resolve) => bare.once("close", resolve));
  const bareFfmpeg = (await cpuSeconds()).children - bareBefore.children;
  const fileBefore = await cpuSeconds();
  const fromFile = spawn("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-nostdin",
    "-i",
    input,
    ...hls("file"),
  ]);
  await new Promise((resolve) => fromFile.once("close", resolve));
  const fileFfmpeg = (await cpuSeconds()).children - fileBefore.children;

  const perMinute = (s: number) => `${(s * SCALE).toFixed(2)} s`;
  console.log(
    `input: ${SECONDS} s of 1280x720 30 fps, ${(recording.length / 1e6).toFixed(1)} MB; CPU per minute of stream`,
  );
  console.log(
    `first live playlist ${firstPlaylistMs} ms after the first chunk; ${segments} recorded segments`,
  );
  const pipelineNode = Math.max(0, cpu.self - idle.self);
  console.log(
    `pipeline: ffmpeg ${perMinute(cpu.children)} + server node ${perMinute(pipelineNode)} ` +
      `(node ${perMinute(cpu.self)} while streaming, ${perMinute(idle.self)} idle)`,
  );
  console.log(
    `bare ffmpeg: ${perMinute(bareFfmpeg)} fed at the stream's pace (${perMinute(fileFfmpeg)} reading the file at full speed)`,
  );
  console.log(`pipeline_vs_bare_ffmpeg: ${((cpu.children + pipelineNode) / bareFfmpeg).toFixed(2)}`);
}

if (process.argv[2] === "server") await serve();
else {
  await bench();
  process.exit(0);
}
