import { FilePresentationResponse, FilePresentationsResponse, SlideUploadResponse } from "@onstage/domain";
import { api, apiNoContent, jsonBody, uploadWithProgress } from "../../../api";

// Spec 3 §7's file presentation calls: upload, file-convert, update, delete, reorder; and the team's list.

export const slideKeys = { list: (sessionId: number) => ["studio", sessionId, "slides"] as const };

export const fetchSlides = (sessionId: number) =>
  api(`/api/file-presentations?video_session_id=${sessionId}`, FilePresentationsResponse);

export const uploadSlides = (sessionId: number, file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.append("file", file);
  return uploadWithProgress(
    `/api/file-presentations/upload?video_session_id=${sessionId}`,
    form,
    SlideUploadResponse,
    onProgress,
  );
};

/** Spec 3 §7 file-convert, sent after the upload succeeded. */
export const convertSlides = (input: {
  fileUrl: string;
  fileName: string;
  sessionId: number;
  organizationId: number;
  eventId: number;
}) =>
  api(
    "/api/file-convert",
    FilePresentationResponse,
    jsonBody({
      fileUrl: input.fileUrl,
      video_session_id: input.sessionId,
      org_id: input.organizationId,
      event_id: input.eventId,
      file_name: input.fileName,
    }),
  );

export const updateSlides = (
  id: number,
  data: { is_active?: boolean; state?: { position: number }; displayname?: string },
) =>
  api(
    "/api/file-presentations/update",
    FilePresentationResponse,
    jsonBody({ file_presentation_id: id, data }),
  );

export const deleteSlides = (id: number) => apiNoContent("/api/file-presentations/delete", jsonBody({ id }));

export const reorderSlides = (sessionId: number, order: number[]) =>
  api(
    "/api/file-presentations/reorder",
    FilePresentationsResponse,
    jsonBody({ video_session_id: sessionId, order }),
  );
