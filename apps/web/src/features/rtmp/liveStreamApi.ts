import { LiveStream, StreamLiveStreamResponse } from "@onstage/domain";
import { api, apiNoContent, isApiError, jsonBody } from "../../api";

// Spec 2 §7: the /api/mux/livestream/* calls (packages/domain/src/api/livestream.ts). Only a channel
// owner or admin may make any of them.

export const liveStreamKeys = {
  liveStream: (sessionId: number) => ["live-stream", sessionId] as const,
  preview: (liveStreamId: string, streamKey: string) =>
    ["live-stream-preview", liveStreamId, streamKey] as const,
};

/** The session's live stream; a session without one yet (404) gets it: create answers the same after. */
export async function fetchLiveStream(sessionId: number): Promise<LiveStream> {
  try {
    return await api(`/api/mux/livestream?video_session_id=${sessionId}`, LiveStream);
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
  }
  return api("/api/mux/livestream/create", LiveStream, jsonBody({ video_session_id: sessionId }));
}

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
