import type { BroadcastType } from "@onstage/domain";
import type { MirrorSettings } from "../../platform/storage/hls/mirror";

// The messages between the server and its RTMP ingest process (ingest-process.ts, ingest-child.ts):
// the server decides (whose key it is, where the session's HLS goes, when it ends); the ingest process
// holds the encoders' connections and the ffmpeg runs, so the media never cross the server's heap.

/** Where a session's HLS goes now: the greenroom preview's directory or the live stream's. */
export interface IngestTarget {
  dir: string;
  broadcastType: BroadcastType;
  recording: boolean;
  /** Broadcasting: the "Reconnecting…" slate while the encoder is away. */
  slate: boolean;
  slateColour: string | null;
  /** A live stream's directory is copied to the bucket (S3_* set); never the greenroom preview. */
  mirror: MirrorSettings | null;
}

export type ToIngest =
  | { kind: "listen"; host: string; port: number; ffmpegPath: string }
  /** The publish of this connection is the session's (accepted), or refused (null). */
  | { kind: "verdict"; connectionId: number; sessionId: number | null }
  /** null: the session's HLS stops (the encoder stays connected only if `disconnect` does not follow). */
  | { kind: "target"; sessionId: number; target: IngestTarget | null }
  | { kind: "recording"; sessionId: number; recording: boolean }
  | { kind: "disconnect"; sessionId: number };

export type FromIngest =
  | { kind: "listening" }
  | { kind: "listenFailed"; message: string }
  | { kind: "publish"; connectionId: number; key: string }
  | { kind: "publisherLeft"; sessionId: number }
  /** The first segment in `dir` (live), the first recorded one (recorded), its playlists ended (stopped). */
  | { kind: "live" | "recorded" | "stopped"; sessionId: number; dir: string }
  | { kind: "error"; context: Record<string, string>; message: string };
