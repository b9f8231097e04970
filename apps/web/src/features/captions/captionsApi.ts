import { CaptionSource, LiveStream } from "@onstage/domain";
import { api, jsonBody } from "../../api";

/** Spec 2 §7 toggle-captions: whether viewers' HLS carries the captions. */
export const toggleCaptions = (liveStreamId: string, showCaptions: boolean) =>
  api("/api/mux/livestream/toggle-captions", LiveStream, jsonBody({ liveStreamId, showCaptions }));

/** The session's secret caption URL (owner or admin), made on first call. */
export const captionSource = (sessionId: number) =>
  api("/api/captions/source", CaptionSource, jsonBody({ video_session_id: sessionId }));

export const rotateCaptionSource = (sessionId: number) =>
  api("/api/captions/source/rotate", CaptionSource, jsonBody({ video_session_id: sessionId }));
