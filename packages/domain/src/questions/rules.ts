import { isHostLevel, type ViewerFlags } from "../roles/rules";
import type { SessionState } from "../vocabulary";

// Spec 2 §4 "Questions" and §6 question and comment permissions.

function isAuthor(actorUserId: number | null, authorUserId: number): boolean {
  return actorUserId !== null && actorUserId === authorUserId;
}

function isQuestionModerator(flags: ViewerFlags): boolean {
  return isHostLevel(flags) || flags.isEventModerator || flags.isOrgMember;
}

/** Spec 2 §4, §6: owner/admin, moderators and org members answer, and only while Broadcasting. */
export function canAnswerQuestions(flags: ViewerFlags, sessionState: SessionState): boolean {
  return isQuestionModerator(flags) && sessionState === "broadcasting";
}

/** Spec 2 §6: Host, Admin, Moderator and org members can reopen questions. */
export function canReopenQuestions(flags: ViewerFlags): boolean {
  return isQuestionModerator(flags);
}

/** Spec 2 §6: the author or an admin/moderator/org member edits or deletes a question. */
export function canEditQuestion(
  flags: ViewerFlags,
  actorUserId: number | null,
  authorUserId: number,
): boolean {
  return isAuthor(actorUserId, authorUserId) || isQuestionModerator(flags);
}

export function canDeleteQuestion(
  flags: ViewerFlags,
  actorUserId: number | null,
  authorUserId: number,
): boolean {
  return canEditQuestion(flags, actorUserId, authorUserId);
}

/** Spec 2 §6: a comment's author or a studio admin can delete it. */
export function canDeleteComment(
  flags: ViewerFlags,
  actorUserId: number | null,
  authorUserId: number,
): boolean {
  return isAuthor(actorUserId, authorUserId) || flags.isStudioAdmin;
}

/** Spec 2 §6: only the author edits a comment. */
export function canEditComment(actorUserId: number | null, authorUserId: number): boolean {
  return isAuthor(actorUserId, authorUserId);
}

export type InteractionRefusal = "unauthorized" | "email_not_verified";

/** Spec 2 §5: upvoting, commenting, answering a poll and asking need a verified e-mail. */
export function interactionRefusal(user: {
  userId: number | null;
  emailVerified: boolean;
}): InteractionRefusal | null {
  if (user.userId === null) return "unauthorized";
  return user.emailVerified ? null : "email_not_verified";
}

/** Spec 2 §5: a user cannot upvote their own question. */
export function canUpvoteQuestion(actorUserId: number | null, authorUserId: number): boolean {
  return actorUserId !== null && !isAuthor(actorUserId, authorUserId);
}
