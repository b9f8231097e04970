import { RealtimeEvents, type TopicMessage } from "@onstage/domain";
import { Encoder, PacketType } from "socket.io-parser";
import { idleWebSocket } from "./engine";
import type { RealtimeIo } from "./socket";

export interface LocalFanOut {
  /** Hands a topic's batch to this node's subscribers of the topic. */
  send(topic: string, batch: readonly TopicMessage[]): void;
  /** Writes everything still waiting at once (a node shutting down). */
  finish(): void;
}

interface Run {
  topic: string;
  batch: TopicMessage[];
  /** Set when the run starts: the frame's bytes and the topic's subscribers at that moment. */
  started: { frame: Buffer; socketIds: string[]; next: number } | null;
}

const encoder = new Encoder();

/** A Socket.IO event on the main namespace inside an Engine.IO message packet: a text frame's data. */
function encodeBatch(batch: TopicMessage[]): Buffer {
  const [packet] = encoder.encode({
    type: PacketType.EVENT,
    nsp: "/",
    data: [RealtimeEvents.messages, batch],
  });
  return Buffer.from(`4${packet}`);
}

/**
 * Issue 14 item 7: a batch reaches this node's subscribers as one frame encoded once and written
 * straight to each WebSocket, instead of through Engine.IO's per-packet queue, events and callbacks (a
 * quarter of the CPU per delivery). A connection whose Engine.IO queue holds packets gets it through
 * Socket.IO, so it never overtakes them.
 *
 * At most `socketsPerTurn` writes happen per event-loop turn: a fan-out to thousands of viewers would
 * otherwise hold the loop for tens of milliseconds, and the requests behind it (the next chat message's
 * POST among them) with it. Runs go out in order; a topic's batch that has not started when the next one
 * comes takes it in, so a busy topic's batches grow while a fan-out is under way.
 */
export function localFanOut(io: RealtimeIo, socketsPerTurn: number): LocalFanOut {
  const runs: Run[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  const start = (run: Run) => {
    // Commits of one topic are sequenced under its row lock, but their publishes may come a turn apart.
    run.batch.sort((a, b) => a.seq - b.seq);
    // The subscribers when the run starts: every message in it was published before, so one who joined
    // after its commit and read the topic's sequence first gets it here (the client drops a second copy).
    const socketIds = [...(io.of("/").adapter.rooms.get(run.topic) ?? [])];
    // A node without subscribers of the topic (most topics on most nodes) encodes nothing.
    const frame = socketIds.length > 0 ? encodeBatch(run.batch) : Buffer.alloc(0);
    run.started = { frame, socketIds, next: 0 };
    return run.started;
  };

  const deliver = (run: Run, frame: Buffer, socketId: string) => {
    const socket = io.of("/").sockets.get(socketId);
    // Gone, unsubscribed or evicted since the run started.
    if (!socket?.rooms.has(run.topic)) return;
    const ws = idleWebSocket(socket);
    if (ws) ws.send(frame, { binary: false });
    else socket.emit(RealtimeEvents.messages, run.batch);
  };

  /** Writes up to `budget` frames; true when no run is left. */
  const work = (budget: number): boolean => {
    let left = budget;
    for (let run = runs[0]; run; run = runs[0]) {
      const started = run.started ?? start(run);
      while (started.next < started.socketIds.length) {
        if (left-- <= 0) return false;
        deliver(run, started.frame, started.socketIds[started.next++] as string);
      }
      runs.shift();
    }
    return true;
  };

  const turn = () => {
    scheduled = null;
    if (!work(socketsPerTurn)) scheduled = setImmediate(turn);
  };

  return {
    send(topic, batch) {
      const waiting = runs.findLast((run) => run.topic === topic);
      if (waiting && !waiting.started) waiting.batch.push(...batch);
      else runs.push({ topic, batch: [...batch], started: null });
      // Nothing under way: the first turn's writes go out now.
      if (!scheduled) turn();
    },
    finish() {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      work(Number.POSITIVE_INFINITY);
    },
  };
}
