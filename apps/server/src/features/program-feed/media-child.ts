import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { CompositorStatus } from "@onstage/domain";
import { type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import { relayedLog } from "../../media/playlist-follower";
import { READY, toServer } from "../../platform/child-process/forked";
import { jsonOrNull } from "../../platform/json";
import { type MirroredDir, mirrorDir } from "../../platform/storage/hls/mirror";
import type { FromMedia, ToMedia } from "./media-protocol";
import { CompositorInput, ProgramPipeline } from "./pipeline";

// The media process (media-process.ts starts it): the compositors' WebSockets, handed over by the
// server after it admitted them, and one ProgramPipeline per live session. A small heap of its own:
// the feed's chunks are garbage here, not in the server's heap, whose collections cost more.

/** A MediaRecorder chunk is at most a few hundred KB at 720p; more is not a compositor. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
const Hello = z.object({ mimeType: z.string().regex(/^video\/(webm|x-matroska)\b[\w;=,. -]*$/) });

const send = (message: FromMedia) => toServer(message);

const log = relayedLog(send);

interface Compositor {
  socket: WebSocket;
  input: CompositorInput;
  mimeType: string;
  /** The session whose pipeline it feeds, once the server said so. */
  sessionId: number | null;
}

const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
const pipelines = new Map<number, ProgramPipeline>();
const mirrors = new Map<number, MirroredDir>();
const sockets = new Map<number, WebSocket>();
const compositors = new Map<number, Compositor>();

function sendStatus(socket: WebSocket | undefined, status: CompositorStatus): void {
  if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(status));
}

function accept(connectionId: number, socket: WebSocket): void {
  sockets.set(connectionId, socket);
  // Issue 23 §1.3: ws reports a sender's fault (a frame over maxPayload, a malformed frame) after it
  // closed that socket with the fault's code (1009, 1002, 1007); unheard, the 'error' would end this
  // process and every session's feed in it.
  socket.on("error", () => undefined);
  socket.on("close", () => {
    sockets.delete(connectionId);
    const compositor = compositors.get(connectionId);
    compositors.delete(connectionId);
    if (compositor?.sessionId != null) {
      compositor.input.closed = true;
      pipelines.get(compositor.sessionId)?.compositorLeft(compositor.input);
    }
    send({ kind: "closed", connectionId });
  });
  socket.once("message", (data, isBinary) => {
    const hello = isBinary ? null : Hello.safeParse(jsonOrNull(data.toString()));
    if (!hello?.success) {
      sendStatus(socket, { status: "error", message: "the first message names the mimeType" });
      socket.close(1008, "hello expected");
      return;
    }
    // Chunks arriving while the server sets the feed up wait in the input, in order, for its ffmpeg.
    const input = new CompositorInput();
    socket.on("message", (chunk, binary) => {
      if (!binary) return;
      if (input.write(Buffer.isBuffer(chunk) ? chunk : Buffer.concat(chunk as Buffer[]))) return;
      sendStatus(socket, { status: "error", message: "ffmpeg cannot keep up with this feed" });
      socket.close(1009, "backlog");
    });
    compositors.set(connectionId, { socket, input, mimeType: hello.data.mimeType, sessionId: null });
    send({ kind: "hello", connectionId, mimeType: hello.data.mimeType });
  });
}

function openPipeline({
  sessionId,
  streamId,
  settings,
  mirror: mirrorTo,
  slate,
}: Extract<ToMedia, { kind: "open" }>): void {
  const pipeline = new ProgramPipeline({ ...settings, mirror: mirrorTo, log });
  pipelines.set(sessionId, pipeline);
  const mirror = mirrorDir(settings.dir, mirrorTo, log);
  mirrors.set(sessionId, mirror);
  // Viewers are sent to the bucket only once it holds what the playlists list.
  pipeline.on("live", () => mirror.whenMirrored(() => send({ kind: "live", sessionId })));
  pipeline.on("recorded", () => mirror.whenMirrored(() => send({ kind: "recorded", sessionId })));
  pipeline.on("sourceFailed", (message) => send({ kind: "sourceFailed", sessionId, message }));
  pipeline.on("lowLatency", (state) => send({ kind: "lowLatency", sessionId, streamId, state }));
  if (slate) pipeline.useSlate();
}

async function end(sessionId: number): Promise<void> {
  const pipeline = pipelines.get(sessionId);
  const mirror = mirrors.get(sessionId);
  pipelines.delete(sessionId);
  mirrors.delete(sessionId);
  await pipeline?.stop();
  // The ended playlists (#EXT-X-ENDLIST) reach the bucket before the server hears "ended".
  await mirror?.close();
  send({ kind: "ended", sessionId });
}

process.on("message", (message: ToMedia, handle?: Socket) => {
  switch (message.kind) {
    case "open":
      return openPipeline(message);
    case "upgrade": {
      if (!handle) return;
      const req = { method: message.method, url: message.url, headers: message.headers } as IncomingMessage;
      const head = Buffer.from(message.head, "base64");
      return wss.handleUpgrade(req, handle, head, (socket) => accept(message.connectionId, socket));
    }
    case "use": {
      const compositor = compositors.get(message.connectionId);
      const pipeline = pipelines.get(message.sessionId);
      if (!compositor || !pipeline) return;
      compositor.sessionId = message.sessionId;
      return pipeline.useCompositor(compositor.mimeType, compositor.input);
    }
    case "status":
      return sendStatus(sockets.get(message.connectionId), message.status);
    case "close":
      return sockets.get(message.connectionId)?.close(message.code, message.reason);
    case "recording":
      return pipelines.get(message.sessionId)?.setRecording(message.recording);
    case "end":
      return void end(message.sessionId);
    case "closeAll":
      return terminateAll();
  }
});

function terminateAll(): void {
  for (const socket of sockets.values()) socket.terminate();
}

// The server went away (stopped or died): the playlists end as they would at End live.
process.once("disconnect", () => {
  terminateAll();
  void Promise.all([...pipelines.keys()].map(end)).finally(() => process.exit(0));
});

toServer(READY);
