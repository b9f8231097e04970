import { LiveStream, StreamLiveStreamResponse } from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../api";

// Spec 2 §7: the /api/mux/livestream/* calls (packages/domain/src/livestream/schemas.ts). Only a channel
// owner or admin may make any of them.

export const liveStreamKeys = {
  liveStream: (sessionId: number) => ["live-stream", sessionId] as const,
  preview: (liveStreamId: string, streamKey: string) =>
    ["live-stream-preview", liveStreamId, streamKey] as const,
};

/**
 * Spec 2 §7: the setup opens with create, which makes the stream on its first call and answers the same
 * one after, so its first read is never a 404 (a GET first would be, for a stream not made yet).
 */
export const openLiveStream = (sessionId: number) =>
  api("/api/mux/livestream/create", LiveStream, jsonBody({ video_session_id: sessionId }));

/** The stream once opened: the setup's polls read it without opening it again. */
export const readLiveStream = (sessionId: number) =>
  api(`/api/mux/livestream?video_session_id=${sessionId}`, LiveStream);

/** The incoming stream's signed preview playlist (null while the encoder is not publishing). */
export const fetchStreamPreview = (liveStream: Pick<LiveStream, "id" | "stream_key">) =>
  api(
    "/api/mux/livestream/stream",
    StreamLiveStreamResponse,
    jsonBody({ liveStreamId: liveStream.id, streamKey: liveStream.stream_key }),
  );

// Read back with the poll's GET, so its answer's shape does not matter here (the captions toggle is the
// captions feature's: features/captions/captionsApi.ts).
export const resetStreamKey = (liveStreamId: string) =>
  apiNoContent("/api/mux/livestream/reset-stream-key", jsonBody({ liveStreamId }));
