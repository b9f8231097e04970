import {
  GoLiveNotificationResponse,
  SessionControlResponse,
  type SessionState,
  type UpdateSettingsBody,
} from "@onstage/domain";
import { api, jsonBody } from "../../api";

// Spec 2 §7: the host's session routes.

export interface SessionRef {
  sessionId: number;
  eventId: number;
}

export const moveSession = (
  ref: SessionRef,
  to: SessionState,
  goLive: { isRecording?: boolean; callAudience?: boolean } = {},
) =>
  api(
    "/api/video-session/update-video-session",
    SessionControlResponse,
    jsonBody({
      video_session_id: ref.sessionId,
      event_id: ref.eventId,
      video_session_state: to,
      is_recording: goLive.isRecording,
      call_audience: goLive.callAudience,
    }),
  );

export const resetSession = (ref: SessionRef) =>
  api(
    "/api/video-session/reset-session",
    SessionControlResponse,
    jsonBody({ video_session_id: ref.sessionId, event_id: ref.eventId }),
  );

/** update-settings with exactly one setting (spec 2 §7). */
export const updateSetting = (
  ref: SessionRef,
  setting: Omit<UpdateSettingsBody, "video_session_id" | "event_id">,
) =>
  api(
    "/api/video-session/update-settings",
    SessionControlResponse,
    jsonBody({ video_session_id: ref.sessionId, event_id: ref.eventId, ...setting }),
  );

export const setRecording = (ref: SessionRef, isRecording: boolean) =>
  updateSetting(ref, { is_recording: isRecording });

export const notifyFollowers = (ref: SessionRef & { organizationId: number }) =>
  api(
    "/api/notifications/go-live",
    GoLiveNotificationResponse,
    jsonBody({
      event_id: ref.eventId,
      session_id: ref.sessionId,
      org_id: ref.organizationId,
      notify_followers: true,
    }),
  );
