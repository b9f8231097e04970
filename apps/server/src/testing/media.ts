import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { COMPOSITOR_SOCKET_PATH, type CompositorStatus, type SessionStream } from "@onstage/domain";
import WebSocket from "ws";
import type { App } from "../app";
import type { Database } from "../platform/database";

// A compositor stand-in for the program feed's tests and benchmark: ffmpeg makes the WebM a browser's
// MediaRecorder would (H.264 + Opus, a keyframe a second), sent in chunks at the pace it plays.

const run = promisify(execFile);

export const H264_WEBM = "video/webm;codecs=h264,opus";

const VIDEO_CODECS = {
  h264: ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"],
  // What Chromium records when H.264 is unavailable.
  vp8: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8"],
};

/** `seconds` of test pattern and tone as H.264 (or VP8) + Opus in WebM, keyframes every 30 frames. */
export async function webmRecording(
  seconds: number,
  size = "640x360",
  codec: keyof typeof VIDEO_CODECS = "h264",
): Promise<Buffer> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "onstage-webm-")), "input.webm");
  await run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-nostdin"],
    ...["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=30`, "-f", "lavfi", "-i", "sine=frequency=440"],
    ...["-t", String(seconds), ...VIDEO_CODECS[codec], "-g", "30"],
    ...["-c:a", "libopus", "-f", codec === "vp8" ? "webm" : "matroska", file],
  ]);
  return readFile(file);
}

/** A compositor's socket: the statuses it was sent, and the HTTP status when its upgrade was refused. */
export interface CompositorClient {
  socket: WebSocket;
  statuses: CompositorStatus["status"][];
  /** Resolves once the server sent `status`. */
  waitFor(status: CompositorStatus["status"], timeoutMs?: number): Promise<void>;
}

/** Opens the compositor socket; rejects with the HTTP status when the upgrade is refused. */
export function openCompositor(
  baseUrl: string,
  sessionId: number,
  headers: { cookie?: string; origin?: string },
): Promise<CompositorClient> {
  const url = `${baseUrl.replace(/^http/, "ws")}${COMPOSITOR_SOCKET_PATH}?video_session_id=${sessionId}`;
  const socket = new WebSocket(url, { headers });
  const statuses: CompositorStatus["status"][] = [];
  socket.on("message", (data, isBinary) => {
    if (!isBinary) statuses.push((JSON.parse(data.toString()) as CompositorStatus).status);
  });
  const waitFor = async (status: CompositorStatus["status"], timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!statuses.includes(status)) {
      if (Date.now() > deadline) throw new Error(`no "${status}" (got ${statuses.join(", ")})`);
      await sleep(50);
    }
  };
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve({ socket, statuses, waitFor }));
    socket.once("unexpected-response", (_req, res) => reject(new RefusedUpgrade(res.statusCode ?? 0)));
    socket.once("error", reject);
  });
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

/** Says hello, then sends `bytes` in chunks spread over `seconds` (as MediaRecorder's timeslices). */
export async function sendRecording(
  client: CompositorClient,
  bytes: Buffer,
  seconds: number,
  mimeType = H264_WEBM,
): Promise<void> {
  client.socket.send(JSON.stringify({ mimeType }));
  await paceChunks(bytes, seconds, (chunk) => {
    if (client.socket.readyState !== WebSocket.OPEN) return false;
    client.socket.send(chunk);
    return true;
  });
}

/** `bytes` in quarter-second chunks spread over `seconds`, as MediaRecorder hands them out; stops on false. */
export async function paceChunks(
  bytes: Buffer,
  seconds: number,
  send: (chunk: Buffer) => boolean,
): Promise<void> {
  const chunks = Math.max(1, Math.round(seconds * 4));
  const size = Math.ceil(bytes.length / chunks);
  const started = Date.now();
  for (let i = 0; i < chunks; i++) {
    if (!send(bytes.subarray(i * size, (i + 1) * size))) return;
    const due = started + ((i + 1) * seconds * 1000) / chunks;
    await sleep(Math.max(0, due - Date.now()));
  }
}

/** Polls `probe` every 100 ms until it answers something truthy (a failing probe counts as not yet). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const readText = (file: string) => readFile(file, "utf8").catch(() => "");

/** This test process's child processes whose command line names `entry`, whichever thread started them. */
export async function childProcesses(entry: string): Promise<number[]> {
  const threads = await readdir("/proc/self/task");
  const children = await Promise.all(threads.map((t) => readText(`/proc/self/task/${t}/children`)));
  const pids = children.join(" ").split(" ").filter(Boolean);
  const cmdlines = await Promise.all(pids.map((pid) => readText(`/proc/${pid}/cmdline`)));
  return pids.filter((_, i) => cmdlines[i]?.includes(entry)).map(Number);
}

/** End live as the session state machine does it: the session moves on, the lifecycle hears it. */
export async function endBroadcast(
  app: App,
  db: Database,
  where: { sessionId: number; eventId: number; stream: SessionStream },
): Promise<void> {
  await db.query("UPDATE video_sessions SET state = 'postevent' WHERE id = $1", [where.sessionId]);
  app.lifecycle.emit("sessionState", { ...where, from: "broadcasting", to: "postevent" });
}
