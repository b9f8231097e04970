import {
  PRESENCE_MESSAGES_PER_SECOND,
  PRESENCE_RATE_LIMIT_RETRY_MS,
  REALTIME_BAN_EVICTION_MS,
  REALTIME_BATCH_TICK_MS,
  REALTIME_CLIENT_TIMEOUT_MS,
  REALTIME_CONNECTIONS_PER_ADDRESS,
  REALTIME_CONNECTIONS_PER_USER,
  REALTIME_FRAMES_PER_SECOND,
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_REPLAY_MAX_MESSAGES,
  REALTIME_RETENTION_MS,
  REALTIME_SLOW_CLIENT_BUFFERED_MESSAGES,
  REALTIME_SUBSCRIBES_PER_ADDRESS,
  REALTIME_SUBSCRIBES_PER_CONNECTION,
} from "@onstage/domain";
import type { CapLimits } from "./caps";

/** The realtime layer's limits and timings; the constants by default, shorter in tests. */
export interface RealtimeTuning extends CapLimits {
  heartbeatMs: number;
  /** A client that answers no heartbeat for this long is gone (spec 2 §9: 60 s). */
  clientTimeoutMs: number;
  maxFrameBytes: number;
  framesPerSecond: number;
  /** A connection over its frame rate for this long is disconnected (persistent abuse). */
  floodDisconnectMs: number;
  presencePerSecond: number;
  presenceRetryMs: number;
  slowClientCheckMs: number;
  slowClientBufferedMessages: number;
  replayMaxMessages: number;
  retentionMs: number;
  retentionIntervalMs: number;
  evictionTimeoutMs: number;
  /** A topic's messages within this tick go out as one frame (issue 14 item 7). */
  batchTickMs: number;
  /** Frames a fan-out writes per event-loop turn before it lets other work in (fan-out.ts). */
  fanOutSocketsPerTurn: number;
  /** While Redis is away, how often a node reads what other nodes published (bus-gap.ts). */
  busGapPollMs: number;
}

export const DEFAULT_REALTIME_TUNING: RealtimeTuning = {
  heartbeatMs: REALTIME_HEARTBEAT_MS,
  clientTimeoutMs: REALTIME_CLIENT_TIMEOUT_MS,
  maxFrameBytes: REALTIME_MAX_FRAME_BYTES,
  framesPerSecond: REALTIME_FRAMES_PER_SECOND,
  // Not in the specs: five seconds past the limit is abuse, not a burst (docs/realtime.md "Limits").
  floodDisconnectMs: 5_000,
  presencePerSecond: PRESENCE_MESSAGES_PER_SECOND,
  presenceRetryMs: PRESENCE_RATE_LIMIT_RETRY_MS,
  // A slow client is noticed within a second; the buffer limit, not the check, bounds memory.
  slowClientCheckMs: 1_000,
  slowClientBufferedMessages: REALTIME_SLOW_CLIENT_BUFFERED_MESSAGES,
  replayMaxMessages: REALTIME_REPLAY_MAX_MESSAGES,
  retentionMs: REALTIME_RETENTION_MS,
  retentionIntervalMs: 60_000,
  evictionTimeoutMs: REALTIME_BAN_EVICTION_MS,
  batchTickMs: REALTIME_BATCH_TICK_MS,
  // Not in the specs: under half a millisecond of writes on this 2-core machine (docs/decisions.md,
  // "Local fan-out").
  fanOutSocketsPerTurn: 50,
  // Issue 23 §2.11: "within a few seconds"; one query per poll for all the node's topics.
  busGapPollMs: 2_000,
  connectionsPerAddress: REALTIME_CONNECTIONS_PER_ADDRESS,
  connectionsPerUser: REALTIME_CONNECTIONS_PER_USER,
  subscribesPerConnection: REALTIME_SUBSCRIBES_PER_CONNECTION,
  subscribesPerAddress: REALTIME_SUBSCRIBES_PER_ADDRESS,
};
