import { CLIP_MAX_SECONDS } from "../constants";
import type { ViewerFlags } from "../roles/rules";
import type { BroadcastType } from "../vocabulary";

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

export type CreateClipRefusal = "clipping_disabled" | "rtmp_mode" | "not_recording" | "title_required";

/** Spec 2 §5, spec 3 §2: 'Clipping is disabled when not recording' / 'not supported in RTMP mode'. */
export function createClipRefusal(input: {
  clippingDisabled: boolean;
  broadcastType: BroadcastType;
  isRecorded: boolean;
  title: string;
}): CreateClipRefusal | null {
  if (input.clippingDisabled) return "clipping_disabled";
  if (input.broadcastType !== "webrtc") return "rtmp_mode";
  if (!input.isRecorded) return "not_recording";
  return input.title.trim() === "" ? "title_required" : null;
}

/** Spec 2 §5: the clip range is clamped to at most CLIP_MAX_SECONDS, keeping its start. */
export function clampClipRange(startSeconds: number, endSeconds: number): { start: number; end: number } {
  const start = Math.max(0, startSeconds);
  const end = Math.min(Math.max(start, endSeconds), start + CLIP_MAX_SECONDS);
  return { start, end };
}
