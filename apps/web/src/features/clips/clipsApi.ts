import {
  ClipDownloadResponse,
  ClipPage,
  ClipResponse,
  ClipsResponse,
  type CreateClipBody,
} from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../api";

// Issue 26: the clips API (spec 2 §7 create clip; spec 3 §7 rename, delete, download) and the public
// clip page's reads. Requests use the spec's snake_case names; answers are camelCase.

export const clipKeys = {
  list: (sessionId: number) => ["clips", sessionId] as const,
  page: (slug: string) => ["clip-page", slug] as const,
  byId: (clipId: number) => ["clip-page", "id", clipId] as const,
};

export const fetchClips = (sessionId: number) =>
  api(`/api/clips?video_session_id=${sessionId}`, ClipsResponse);

export const createClip = (body: CreateClipBody) => api("/api/clips", ClipResponse, jsonBody(body));

export const renameClip = (clipId: number, title: string) =>
  api("/api/clips/rename", ClipResponse, jsonBody({ id: clipId, title }));

export const deleteClip = (clipId: number, eventId: number) =>
  apiNoContent("/api/clips/delete", jsonBody({ clip_id: clipId, event_id: eventId }));

export const fetchClipDownload = (slug: string) =>
  api(`/api/clip/${encodeURIComponent(slug)}/download`, ClipDownloadResponse);

export const fetchClipPage = (slug: string) => api(`/api/clip/${encodeURIComponent(slug)}`, ClipPage);

/** The clip an event page's ?clip_id= opens (spec 1 §2). */
export const fetchClipById = (clipId: number) => api(`/api/clips/${clipId}`, ClipPage);

/** The clip page's video played: the server counts it once per viewer per hour. */
export const countClipView = (slug: string) =>
  apiNoContent(`/api/clip/${encodeURIComponent(slug)}/view`, jsonBody({}));
