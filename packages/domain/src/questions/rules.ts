import { ANSWERED_QUESTION_REPLAY_OFFSET_MS, QUESTION_TEXT_MAX_LENGTH } from "../constants";
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

/** Spec 2 §5: question and comment text is trimmed; null means 'do not send' (empty or too long). */
export function questionTextToSend(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > QUESTION_TEXT_MAX_LENGTH) return null;
  return trimmed;
}

/** Spec 2 §6 settings menus: toggling Q&A on stage, like disabling chat, is for members and studio admins. */
export function canToggleQaOnStage(flags: ViewerFlags): boolean {
  return flags.isOrgMember || flags.isStudioAdmin;
}

interface Sortable {
  id: number;
  answered: boolean;
  answeredTimestamp: number | null;
  timestamp: string;
  upvotes: readonly number[];
}

/** Open questions: most upvoted first, then the oldest first (asked earlier, waited longer). */
export function compareOpenQuestions(a: Sortable, b: Sortable): number {
  return b.upvotes.length - a.upvotes.length || a.timestamp.localeCompare(b.timestamp) || a.id - b.id;
}

/** Answered questions: the latest answered first. */
export function compareAnsweredQuestions(a: Sortable, b: Sortable): number {
  return (b.answeredTimestamp ?? 0) - (a.answeredTimestamp ?? 0) || b.id - a.id;
}

/**
 * The questions of a sub-tab in display order. Spec 2 §9 re-sort countdown: a question just marked
 * Done (`held`) stays where it was in Open until its countdown ends, so the list does not jump under
 * the host's pointer; it shows in Answered only then.
 */
export function questionsOfTab<Q extends Sortable>(
  questions: readonly Q[],
  tab: "open" | "answered",
  held: ReadonlySet<number> = new Set(),
): Q[] {
  if (tab === "answered")
    return questions.filter((q) => q.answered && !held.has(q.id)).sort(compareAnsweredQuestions);
  return questions.filter((q) => !q.answered || held.has(q.id)).sort(compareOpenQuestions);
}

/**
 * Spec 2 §4: after the session ended, an answered question is viewed at its timestamp minus 2 s: the
 * replay's clip_start_time (whole seconds from the broadcast's start, never below 0); null when the
 * question is open or the broadcast start is unknown.
 */
export function answeredClipStartSeconds(
  answeredTimestamp: number | null,
  timeBroadcastStart: string | null,
): number | null {
  if (answeredTimestamp === null || timeBroadcastStart === null) return null;
  const fromStartMs = answeredTimestamp - Date.parse(timeBroadcastStart) - ANSWERED_QUESTION_REPLAY_OFFSET_MS;
  return Math.max(0, Math.floor(fromStartMs / 1000));
}
