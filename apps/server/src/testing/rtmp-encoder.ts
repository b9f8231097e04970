import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { LiveStream } from "@onstage/domain";
import type { App, AppDeps } from "../app";
import type { Database } from "../platform/database";
import { buildTestApp } from "./app";
import { freePort } from "./free-port";
import { childProcesses } from "./media";
import { roomScene } from "./room-scene";

// What the RTMP suites share: a server with its RTMP listener, a session with a key, an encoder pushing
// the test pattern, and a decoder of what came out.

const run = promisify(execFile);

/** An encoder: the test pattern pushed in real time to rtmp://127.0.0.1:port/live/key. */
export function push(port: number, key: string, seconds: number, size = "640x360", rate = 30) {
  const encoder: ChildProcess = spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", "-re"],
      ...["-f", "lavfi", "-i", `testsrc=size=${size}:rate=${rate}`, "-f", "lavfi", "-i", "sine"],
      ...["-t", String(seconds), "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"],
      ...["-g", String(rate), "-c:a", "aac", "-f", "flv", `rtmp://127.0.0.1:${port}/live/${key}`],
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise<number | null>((resolve) => encoder.once("exit", (code) => resolve(code)));
  return { exited, stop: () => encoder.kill("SIGKILL") };
}

/** Frames decoded from a segment, and the picture's size. */
export async function decode(bytes: Buffer): Promise<{ width: number; height: number }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "onstage-segment-")), "segment.ts");
  await writeFile(file, bytes);
  await run("ffmpeg", ["-v", "error", "-i", file, "-f", "null", "-"]);
  const { stdout } = await run("ffprobe", [
    ...["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "json"],
    file,
  ]);
  const [stream] = (JSON.parse(stdout) as { streams: { width: number; height: number }[] }).streams;
  return { width: stream?.width ?? 0, height: stream?.height ?? 0 };
}

/** Whether something accepts TCP connections on the port: the RTMP listener is up. */
export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** A server whose RTMP listener is on a free port (its ingest process starts with the first connection). */
export async function rtmpApp(db: Database, deps: Partial<AppDeps> = {}) {
  const port = await freePort();
  const mediaDir = await mkdtemp(path.join(tmpdir(), "onstage-rtmp-media-"));
  const app: App = await buildTestApp(db, {
    ffmpegPath: "ffmpeg",
    mediaDir,
    rtmp: { host: "127.0.0.1", port },
    ...deps,
  });
  return { app, port, mediaDir };
}

/** A greenroom session of the type and its live stream (the key), made by the channel's owner. */
export async function rtmpSession(app: App, db: Database, broadcastType: "rtmp" | "rtmp-native") {
  const s = await roomScene(app.server, db, {
    session: { state: "greenroom", broadcast_type: broadcastType },
  });
  const res = await s.people.owner.client.post("/api/mux/livestream/create", { video_session_id: s.session });
  return { s, stream: LiveStream.parse(res.json()) };
}

/** This test process's RTMP ingest processes. */
export const ingestProcesses = () => childProcesses("ingest-entry");
