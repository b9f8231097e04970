import { z } from "zod";
import { Id } from "../wire";

// RTMP ingest (spec 2 §3 transcoder {live_stream_id, streamKey}, §7 the /api/mux/livestream/* calls).
// The paths keep the spec's name for the live-stream service; the service is Onstage's own RTMP
// ingest (or LiveKit Ingress when LIVEKIT_URL is set). Only a channel owner or admin of the event's
// channel may call any of them: the stream key is a secret.

/**
 * The transcoder's state, in the vocabulary of the spec's live-stream service: `idle` until an encoder
 * publishes to the key, `active` once HLS from it is being written, `disabled` after `stop` (a
 * publisher is refused until the host calls `create` again).
 */
export const LiveStreamStatus = z.enum(["idle", "active", "disabled"]);
export type LiveStreamStatus = z.infer<typeof LiveStreamStatus>;

/** POST /api/mux/livestream/create: the session's live stream, made on first call, the same after. */
export const CreateLiveStreamRequest = z.object({ video_session_id: Id }).strict();

export const LiveStream = z.object({
  /** The session's live_stream_id. */
  id: z.string(),
  status: LiveStreamStatus,
  stream_key: z.string(),
  /** Where the encoder pushes, without the key: rtmp://host:port/live (RTMP_PUBLIC_URL or derived). */
  server_url: z.string(),
  playback_ids: z.array(z.object({ id: z.string(), policy: z.literal("signed") })),
  /** Whether WebVTT captions are shown on the HLS (spec 2 §7 toggle-captions). */
  show_captions: z.boolean(),
  /** Whether a caption source is configured at all; without one the captions toggle is hidden. */
  captions_available: z.boolean(),
});
export type LiveStream = z.infer<typeof LiveStream>;

/** GET /api/mux/livestream?video_session_id=: the same, polled every TRANSCODER_POLL_MS; 404 if none. */
export const LiveStreamQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();

/** POST /api/mux/livestream/reset-stream-key: a new secret key; the old one is refused at once. */
export const ResetStreamKeyRequest = z.object({ liveStreamId: z.string().min(1).max(100) }).strict();

/** POST /api/mux/livestream/stream: the host's streamer view asks to watch what the encoder sends. */
export const StreamLiveStreamRequest = z
  .object({ liveStreamId: z.string().min(1).max(100), streamKey: z.string().min(1).max(200) })
  .strict();
export const StreamLiveStreamResponse = z.object({
  /** Signs the preview playlist's URL: `${previewUrl}` already carries it. */
  playbackToken: z.string(),
  /** The instance's analytics key for the player, or null when none is configured. */
  envKey: z.string().nullable(),
  /** The incoming stream's HLS playlist, signed, or null while the encoder is not publishing. */
  previewUrl: z.string().nullable(),
});
export type StreamLiveStreamResponse = z.infer<typeof StreamLiveStreamResponse>;

/** POST /api/mux/livestream/toggle-captions. */
export const ToggleCaptionsRequest = z
  .object({ liveStreamId: z.string().min(1).max(100), showCaptions: z.boolean() })
  .strict();

/** POST /api/mux/livestream/stop: the publisher is disconnected and its pipeline ends. */
export const StopLiveStreamRequest = z.object({ liveStreamId: z.string().min(1).max(100) }).strict();
