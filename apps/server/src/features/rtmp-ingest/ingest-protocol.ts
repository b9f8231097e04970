import type { BroadcastType } from "@onstage/domain";
import type { LlHlsState } from "../../media/ll-hls/state";
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
  /** The live stream's subtitle rendition is listed in its masters (never the greenroom preview's). */
  captions: boolean;
  /** A live stream: its renditions are packaged as LL-HLS too (the greenroom preview's are not). */
  lowLatency: { streamId: number } | null;
}

export type ToIngest =
  /** The first message: the ffmpeg the pipelines run. */
  | { kind: "configure"; ffmpegPath: string }
  /** An encoder's connection, accepted by the server (its socket is the message's handle). */
  | { kind: "connection" }
  /** The publish of this connection is the session's (accepted), or refused (null). */
  | { kind: "verdict"; connectionId: number; sessionId: number | null }
  /** null: the session's HLS stops (the encoder stays connected only if `disconnect` does not follow). */
  | { kind: "target"; sessionId: number; target: IngestTarget | null }
  | { kind: "recording"; sessionId: number; recording: boolean }
  | { kind: "captions"; sessionId: number; captions: boolean }
  | { kind: "disconnect"; sessionId: number };

export type FromIngest =
  | { kind: "publish"; connectionId: number; key: string }
  | { kind: "publisherLeft"; sessionId: number }
  /** The first segment in `dir`; `videoPlaylist` (relative to it) is the one its captions follow. */
  | { kind: "live"; sessionId: number; dir: string; videoPlaylist: string }
  /** The first recorded segment in `dir` (recorded), its playlists ended (stopped). */
  | { kind: "recorded" | "stopped"; sessionId: number; dir: string }
  /** A rendition's LL-HLS packager published ("" for the copy, else the rung's name). */
  | { kind: "lowLatency"; sessionId: number; streamId: number; variant: string; state: LlHlsState }
  | { kind: "error"; context: Record<string, string>; message: string };
