import type { FastifyBaseLogger } from "fastify";
import { engineConnection, packetBytes } from "./engine";
import type { RealtimeIo, RealtimeSocket } from "./socket";

type FrameVerdict = "ok" | "refuse" | "disconnect";

/**
 * Per-connection token bucket (issue 6 item 7): a burst of `perSecond` frames, refilled at `perSecond`
 * a second. Frames over it are refused; a connection still over it after `abuseAfterMs` is abusive.
 */
export class FrameBudget {
  private tokens: number;
  private refilledAt: number;
  private overSince: number | null = null;
  private lastRefusedAt = 0;

  constructor(
    private readonly perSecond: number,
    private readonly abuseAfterMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = perSecond;
    this.refilledAt = now();
  }

  take(): FrameVerdict {
    const now = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.refilledAt) * this.perSecond) / 1000);
    this.refilledAt = now;
    // A whole second within the limit forgives the past.
    if (this.overSince !== null && now - this.lastRefusedAt > 1000) this.overSince = null;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "ok";
    }
    this.overSince ??= now;
    this.lastRefusedAt = now;
    return now - this.overSince >= this.abuseAfterMs ? "disconnect" : "refuse";
  }
}

/** Spec 2 §8: at most `perSecond` presence messages in any second, per connection. */
export class PresenceBudget {
  private sentAt: number[] = [];

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  allow(): boolean {
    const now = this.now();
    this.sentAt = this.sentAt.filter((at) => now - at < 1000);
    if (this.sentAt.length >= this.perSecond) return false;
    this.sentAt.push(now);
    return true;
  }
}

/**
 * What waits for this connection: Engine.IO's queued packets and their bytes, with the WebSocket's unsent
 * bytes. A batch (batches.ts) is one packet of many messages, and one written straight to the WebSocket
 * (fan-out.ts) is in its bytes only, so the bytes tell more than the count.
 */
function backlog(socket: RealtimeSocket): { messages: number; bytes: number } {
  const conn = engineConnection(socket);
  const queued = conn.writeBuffer;
  let bytes = conn.transport.socket?.bufferedAmount ?? 0;
  for (const packet of queued) bytes += packetBytes(packet);
  return { messages: queued.length, bytes };
}

/** Cuts the TCP connection at once: a polite close would wait behind the data the client never reads. */
function dropConnection(socket: RealtimeSocket): void {
  const conn = engineConnection(socket);
  const ws = conn.transport.socket;
  if (ws) ws.terminate();
  else conn.close(true);
}

/**
 * Backpressure (issue 6 item 1): a client that does not read is dropped when its backlog is past the
 * limit at two checks in a row (one burst is not slowness), so it never holds memory or slows the
 * others; it reconnects and resumes from its last sequence.
 */
export function watchSlowClients(
  io: RealtimeIo,
  limits: { checkMs: number; maxMessages: number; maxFrameBytes: number },
  log: FastifyBaseLogger,
): () => void {
  let behind = new Set<string>();
  const timer = setInterval(() => {
    const stillBehind = new Set<string>();
    for (const socket of io.of("/").sockets.values()) {
      const { messages, bytes } = backlog(socket);
      if (messages <= limits.maxMessages && bytes <= limits.maxMessages * limits.maxFrameBytes) continue;
      if (!behind.has(socket.id)) {
        stillBehind.add(socket.id);
        continue;
      }
      log.info({ socketId: socket.id, userId: socket.data.userId, messages, bytes }, "dropping slow client");
      dropConnection(socket);
    }
    behind = stillBehind;
  }, limits.checkMs);
  timer.unref();
  return () => clearInterval(timer);
}
