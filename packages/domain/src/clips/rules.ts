import { CLIP_MAX_SECONDS } from "../constants";
import type { ViewerFlags } from "../roles/rules";
import type { BroadcastType, SessionState } from "../vocabulary";

// Spec 2 §5 and spec 3 §2, §6: clips.

/** Spec 3 §6: download, rename and delete are for the author, an owner or admin, or a studio admin. */
export function canManageClip(input: {
  flags: ViewerFlags;
  actorUserId: number | null;
  authorUserId: number;
}): boolean {
  const isAuthor = input.actorUserId !== null && input.actorUserId === input.authorUserId;
  return isAuthor || input.flags.isOwnerOrAdmin || input.flags.isStudioAdmin;
}

/** Spec 3 §6: 'Analytics only visible to hosts': owners, admins and organization members. */
export function canSeeClipAnalytics(flags: ViewerFlags): boolean {
  return flags.isOwnerOrAdmin || flags.isOrgMember;
}

export type CreateClipRefusal =
  | "clipping_disabled"
  | "clips_after_session"
  | "clips_private_event"
  | "rtmp_mode"
  | "not_recording"
  | "recording_paused";

/**
 * Spec 2 §2, §5 and spec 3 §2: who may clip what. The team clips a recorded session while it is live and
 * after; a guest only once it has ended, when the event is not private and clipping is on. Not in RTMP
 * mode, and only from a recording ('Clipping is disabled when not recording' while live and paused).
 */
export function createClipRefusal(input: {
  isTeam: boolean;
  sessionState: SessionState;
  eventPrivate: boolean;
  clippingDisabled: boolean;
  broadcastType: BroadcastType;
  hasRecording: boolean;
  /** Live with the recording paused. */
  isRecordingPaused: boolean;
}): CreateClipRefusal | null {
  if (!input.isTeam) {
    if (input.clippingDisabled) return "clipping_disabled";
    if (input.eventPrivate) return "clips_private_event";
    if (input.sessionState !== "ended") return "clips_after_session";
  }
  if (input.broadcastType !== "webrtc") return "rtmp_mode";
  if (input.isRecordingPaused) return "recording_paused";
  return input.hasRecording ? null : "not_recording";
}

/** A clip shorter than this is a still, not a moment. */
export const CLIP_MIN_SECONDS = 1;

export type ClipRangeRefusal = "clip_too_short" | "clip_out_of_range";

/**
 * Spec 2 §5: the chosen range, clamped to at most CLIP_MAX_SECONDS and to the recording's length; a
 * start past the recording, or what is left shorter than CLIP_MIN_SECONDS, is refused.
 */
export function clipRange(
  startSeconds: number,
  endSeconds: number,
  recordedSeconds: number,
): { start: number; end: number } | ClipRangeRefusal {
  if (startSeconds >= recordedSeconds) return "clip_out_of_range";
  const { start, end } = clampClipRange(startSeconds, Math.min(endSeconds, recordedSeconds));
  return end - start < CLIP_MIN_SECONDS ? "clip_too_short" : { start, end };
}

/** Spec 2 §5: the clip range is clamped to at most CLIP_MAX_SECONDS, keeping its start. */
export function clampClipRange(startSeconds: number, endSeconds: number): { start: number; end: number } {
  const start = Math.max(0, startSeconds);
  const end = Math.min(Math.max(start, endSeconds), start + CLIP_MAX_SECONDS);
  return { start, end };
}
