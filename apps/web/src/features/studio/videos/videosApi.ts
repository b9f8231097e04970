import { VideoShareResponse, VideoSharesResponse } from "@onstage/domain";
import { api, apiNoContent, jsonBody, uploadWithProgress } from "../../../api";

// Issue 25 §2's video share calls: upload (then prepared by the server), update, delete; the team's list.

export const videoKeys = { list: (sessionId: number) => ["studio", sessionId, "videos"] as const };

export const fetchVideos = async (sessionId: number) =>
  (await api(`/api/video-shares?video_session_id=${sessionId}`, VideoSharesResponse)).videoShares;

export const uploadVideo = (sessionId: number, file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.append("file", file);
  return uploadWithProgress(
    `/api/video-shares/upload?video_session_id=${sessionId}`,
    form,
    VideoShareResponse,
    onProgress,
  );
};

export const updateVideo = (
  id: number,
  data: { is_active?: boolean; state?: { status: "playing" | "paused"; position: number }; title?: string },
) => api("/api/video-shares/update", VideoShareResponse, jsonBody({ video_share_id: id, data }));

export const deleteVideo = (id: number) => apiNoContent("/api/video-shares/delete", jsonBody({ id }));
