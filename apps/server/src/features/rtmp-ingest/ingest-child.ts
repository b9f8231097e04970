import type { Socket } from "node:net";
import { RTMP_PUBLISH_DEADLINE_MS } from "@onstage/domain";
import { relayedLog } from "../../media/playlist-follower";
import { READY, toServer } from "../../platform/child-process/forked";
import { type MirroredDir, mirrorDir } from "../../platform/storage/hls/mirror";
import { addressKey, EncoderGate } from "./encoder-gate";
import { IngestPipeline } from "./ingest-pipeline";
import type { FromIngest, IngestTarget, ToIngest } from "./ingest-protocol";
import { isTranscoded, ladderFor } from "./ladder";
import { Publisher } from "./publisher";

// The RTMP ingest process (ingest-process.ts starts it with the first encoder and hands it each
// encoder's connection): the encoders' RTMP sessions and one IngestPipeline per session with a target.
// The server answers each publish's key and says where each session's HLS goes; everything here ends
// when the server goes away.

/** How long a new pipeline waits for the encoder's metadata (its size picks the ladder's rungs). */
const SIZE_WAIT_MS = 2000;

const send = (message: FromIngest) => toServer(message);

const log = relayedLog(send);

interface SessionIngest {
  publisher: Publisher | null;
  size: { height: number; aspect: number } | null;
  target: IngestTarget | null;
  pipeline: IngestPipeline | null;
  /** Target changes, one after the other. */
  changes: Promise<void>;
}

/** A connection from its accept until the server's verdict on its key. */
interface Unchecked {
  publisher: Publisher;
  address: string;
  /** Issue 23 §1.2: it closes unless its key is checked by then. */
  deadline: NodeJS.Timeout;
}

let ffmpegPath = "";
let nextConnectionId = 1;
const gate = new EncoderGate();
const unchecked = new Map<number, Unchecked>();
const sessions = new Map<number, SessionIngest>();
/** The directory each pipeline writes. */
const pipelineDirs = new WeakMap<IngestPipeline, string>();
const pipelineMirrors = new WeakMap<IngestPipeline, MirroredDir>();

function sessionOf(sessionId: number): SessionIngest {
  let session = sessions.get(sessionId);
  if (!session) {
    session = { publisher: null, size: null, target: null, pipeline: null, changes: Promise.resolve() };
    sessions.set(sessionId, session);
  }
  return session;
}

function accept(socket: Socket): void {
  const address = addressKey(socket.remoteAddress ?? "");
  if (!gate.admit(address)) {
    socket.destroy();
    return;
  }
  const connectionId = nextConnectionId++;
  const publisher = new Publisher(socket);
  const deadline = setTimeout(() => publisher.close(), RTMP_PUBLISH_DEADLINE_MS);
  unchecked.set(connectionId, { publisher, address, deadline });
  publisher.once("publish", (key) => send({ kind: "publish", connectionId, key }));
  publisher.once("closed", () => {
    clearTimeout(deadline);
    unchecked.delete(connectionId);
    gate.left(address);
  });
  // The server accepted it paused: nothing was read before it came here.
  socket.resume();
}

function verdict(connectionId: number, sessionId: number | null): void {
  const connection = unchecked.get(connectionId);
  unchecked.delete(connectionId);
  if (!connection || connection.publisher.closed) return;
  clearTimeout(connection.deadline);
  const { publisher } = connection;
  if (sessionId === null) {
    // Issue 23 §1.2: guessing keys gets slower with each guess from the address (its connection, held
    // meanwhile, still counts against the address's share).
    const delayMs = gate.wrongKey(connection.address, Date.now());
    setTimeout(() => publisher.refuse(), delayMs);
    return;
  }
  const session = sessionOf(sessionId);
  // The server refuses a second encoder of a session; one that got here in a race replaces the first.
  session.publisher?.close();
  session.publisher = publisher;
  // Another encoder, or the same one set to another size: the ladder waits for this one's metadata.
  session.size = null;
  publisher.on("size", (size) => {
    session.size = size;
  });
  publisher.once("closed", () => {
    if (session.publisher !== publisher) return;
    session.publisher = null;
    session.pipeline?.use(null);
    send({ kind: "publisherLeft", sessionId });
  });
  publisher.accept();
  session.pipeline?.use(publisher);
}

function retarget(sessionId: number, target: IngestTarget | null): void {
  const session = sessionOf(sessionId);
  session.target = target;
  session.changes = session.changes
    .then(async () => {
      if (session.target !== target) return;
      const current = session.pipeline;
      if (current && target?.dir === pipelineDirs.get(current)) return;
      session.pipeline = null;
      if (current) await stopPipeline(sessionId, current);
      if (!target) return;
      if (session.publisher && !session.size && isTranscoded(target.broadcastType)) await sizeOf(session);
      if (session.target !== target) return;
      session.pipeline = openPipeline(sessionId, session, target);
    })
    // A rejected chain would skip every later change of this session, and end this process (unhandled).
    .catch((err: unknown) => log.error({ sessionId }, `ingest: target change failed: ${String(err)}`));
}

function openPipeline(sessionId: number, session: SessionIngest, target: IngestTarget): IngestPipeline {
  const pipeline = new IngestPipeline({
    ffmpegPath,
    dir: target.dir,
    renditions: isTranscoded(target.broadcastType)
      ? { kind: "ladder", rungs: ladderFor(session.size?.height ?? null) }
      : { kind: "copy" },
    aspect: session.size?.aspect ?? 16 / 9,
    recording: target.recording,
    slate: target.slate,
    slateColour: target.slateColour,
    captions: target.captions,
    lowLatency: target.lowLatency !== null,
    mirror: target.mirror,
    log,
  });
  pipelineDirs.set(pipeline, target.dir);
  const mirror = mirrorDir(target.dir, target.mirror, log);
  pipelineMirrors.set(pipeline, mirror);
  // Viewers are sent to the bucket only once it holds what the playlists list.
  pipeline.on("live", () =>
    mirror.whenMirrored(() =>
      send({ kind: "live", sessionId, dir: target.dir, videoPlaylist: pipeline.captionedPlaylist }),
    ),
  );
  const { lowLatency } = target;
  if (lowLatency) {
    pipeline.on("lowLatency", (variant, state) =>
      send({ kind: "lowLatency", sessionId, streamId: lowLatency.streamId, variant, state }),
    );
  }
  pipeline.on("recorded", () =>
    mirror.whenMirrored(() => send({ kind: "recorded", sessionId, dir: target.dir })),
  );
  pipeline.use(session.publisher);
  return pipeline;
}

async function stopPipeline(sessionId: number, pipeline: IngestPipeline): Promise<void> {
  try {
    await pipeline.stop();
  } finally {
    // The ended playlists reach the bucket before the server hears "stopped", which it hears in any case.
    await pipelineMirrors.get(pipeline)?.close();
    send({ kind: "stopped", sessionId, dir: pipelineDirs.get(pipeline) ?? "" });
  }
}

/** Kept on the target too: a pipeline still waiting for the encoder's size opens with the new flag. */
function showCaptions(sessionId: number, captions: boolean): void {
  const session = sessions.get(sessionId);
  if (!session) return;
  if (session.target) session.target.captions = captions;
  void session.pipeline?.setCaptions(captions);
}

/** The encoder's metadata usually follows its publish at once; an encoder without any gets the default. */
function sizeOf(session: SessionIngest): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, SIZE_WAIT_MS);
    session.publisher?.once("size", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function onMessage(message: ToIngest, handle?: Socket): void {
  switch (message.kind) {
    case "configure":
      ffmpegPath = message.ffmpegPath;
      break;
    case "connection":
      if (handle) accept(handle);
      break;
    case "verdict":
      verdict(message.connectionId, message.sessionId);
      break;
    case "target":
      retarget(message.sessionId, message.target);
      break;
    case "recording":
      sessions.get(message.sessionId)?.pipeline?.setRecording(message.recording);
      break;
    case "captions":
      showCaptions(message.sessionId, message.captions);
      break;
    case "disconnect":
      sessions.get(message.sessionId)?.publisher?.close();
      break;
  }
}

process.on("message", (message: ToIngest, handle?: Socket) => {
  try {
    onMessage(message, handle);
  } catch (err) {
    // A bulkhead (STYLE "Media code"): one message's failure is logged; every other encoder goes on.
    log.error({ kind: message.kind }, `ingest: ${message.kind} failed: ${String(err)}`);
  }
});

// The server went away (stopped or died): no new encoders, the playlists end, nothing keeps running.
process.once("disconnect", () => {
  for (const { publisher } of unchecked.values()) publisher.close();
  const ending = [...sessions.entries()].map(async ([sessionId, session]) => {
    session.publisher?.close();
    session.target = null;
    await session.changes;
    if (session.pipeline) await stopPipeline(sessionId, session.pipeline);
  });
  void Promise.all(ending).finally(() => process.exit(0));
});

// Last: every handler is in place, so the server may hand this process its encoders' sockets.
toServer(READY);
