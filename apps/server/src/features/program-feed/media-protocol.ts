import type { IncomingHttpHeaders } from "node:http";
import type { CompositorStatus } from "@onstage/domain";
import type { LlHlsState } from "../../media/ll-hls/state";
import type { MirrorSettings } from "../../platform/storage/hls/mirror";
import type { PipelineOptions } from "./pipeline";

// The messages between the server and its media process (media-process.ts, media-child.ts): the server
// decides (who may send, which stream is on air, what the database says); the media process holds the
// compositors' sockets and the ffmpeg pipelines, so the feed's bytes never cross the server's heap.

/** The pipeline's options but its log (the media process's) and the bucket (the message's own `mirror`). */
export type PipelineSettings = Omit<PipelineOptions, "log" | "mirror">;

/** What the server asks of the media process. */
export type ToMedia =
  | {
      kind: "open";
      sessionId: number;
      streamId: number;
      settings: PipelineSettings;
      mirror: MirrorSettings | null;
      /** No compositor is connected (a new media process took the feed over): the slate runs until one is. */
      slate: boolean;
    }
  /** Sent with the upgrade's socket: the media process answers the handshake and awaits the hello. */
  | {
      kind: "upgrade";
      connectionId: number;
      method: string;
      url: string;
      headers: IncomingHttpHeaders;
      /** Bytes read past the upgrade request, base64. */
      head: string;
    }
  /** The compositor (said hello) feeds the session's pipeline from now on. */
  | { kind: "use"; connectionId: number; sessionId: number }
  | { kind: "status"; connectionId: number; status: CompositorStatus }
  | { kind: "close"; connectionId: number; code: number; reason: string }
  | { kind: "recording"; sessionId: number; recording: boolean }
  /** The pipeline ends its playlists and stops; answered by "ended". */
  | { kind: "end"; sessionId: number }
  /** Every compositor's socket closes (the server is stopping). */
  | { kind: "closeAll" };

/** What the media process tells the server. */
export type FromMedia =
  | { kind: "hello"; connectionId: number; mimeType: string }
  | { kind: "closed"; connectionId: number }
  | { kind: "live" | "recorded" | "ended"; sessionId: number }
  | { kind: "sourceFailed"; sessionId: number; message: string }
  /** The LL-HLS packager's state, at each part: the media route serves and releases held reloads by it. */
  | { kind: "lowLatency"; sessionId: number; streamId: number; state: LlHlsState }
  | { kind: "error"; context: Record<string, string>; message: string };
