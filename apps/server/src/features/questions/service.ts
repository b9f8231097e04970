import {
  type AudienceAction,
  BadRequest,
  Conflict,
  canAnswerQuestions,
  canDeleteComment,
  canDeleteQuestion,
  canEditComment,
  canEditQuestion,
  canReopenQuestions,
  canToggleQaOnStage,
  canUpvoteQuestion,
  Forbidden,
  interactionRefusal,
  NotFound,
  type Question,
  type QuestionComment,
  questionTextToSend,
  topicName,
} from "@onstage/domain";
import { type PlaceAccess, requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import { moveQaOnStage, publishSession, updateSession } from "../../kernel/sessions/service";
import type { Queryable } from "../../platform/database";
import { type Outbox, withOutbox } from "../../platform/realtime/outbox";
import { topicSeq } from "../../platform/realtime/queries";
import type { FeatureDeps } from "../deps";
import { limitAudienceWrite } from "../rate-limits/service";
import * as q from "./queries";

export type QuestionsDeps = Pick<FeatureDeps, "db" | "realtime" | "clock">;

const sessionTopic = (sessionId: number) => ({ kind: "session", id: sessionId }) as const;

/** Spec 2 §5: trimmed, never empty. */
function textToSend(content: string): string {
  const text = questionTextToSend(content);
  if (text === null) throw BadRequest();
  return text;
}

/**
 * Spec 2 §5 (verified e-mail to ask, comment or upvote) and §2 (a disabled Q&A is hidden from guests,
 * so they cannot write into it; the team keeps it).
 */
function assertMayInteract(access: PlaceAccess): void {
  if (interactionRefusal(access.viewer) === "email_not_verified") throw Forbidden("email_not_verified");
  if (sessionOf(access).disableQa && !access.flags.isTeam) throw Conflict("qa_disabled");
}

/** The event named in a body must be the object's: another event's object is unknown here. */
function assertEvent(access: PlaceAccess, eventId: number, notFound: string): void {
  if (access.event.id !== eventId) throw NotFound(notFound);
}

export function questionsService(deps: QuestionsDeps) {
  const { db, realtime, clock } = deps;

  /** Issue 23 §2.2: the viewer's own writes are limited; the team's moderation of others' is not. */
  const limit = (tx: Queryable, action: AudienceAction, userId: number, sessionId: number) =>
    limitAudienceWrite(tx, clock().getTime(), { action, userId, sessionId });

  /** A question the viewer may see, in a session they may read; hidden and unknown ones are alike. */
  async function visibleQuestion(viewerUserId: number, id: number, tx?: Queryable) {
    const stored = await q.findQuestion(tx ?? db, id, tx !== undefined);
    if (!stored) throw NotFound("question_not_found");
    const access = await requireTopicReader(tx ?? db, viewerUserId, sessionTopic(stored.sessionId));
    if (stored.authorShadowBanned && stored.userId !== viewerUserId) throw NotFound("question_not_found");
    return { stored, access };
  }

  /** Tells the session topic of a question's new state, unless only its shadow-banned author sees it. */
  async function publishQuestion(
    tx: Queryable,
    outbox: Outbox,
    stored: q.StoredQuestion,
    event: "INSERT" | "UPDATE",
  ): Promise<Question> {
    const question = await q.publicQuestion(tx, stored.id);
    if (!question) throw NotFound("question_not_found");
    if (!stored.authorShadowBanned)
      await outbox.write(sessionTopic(stored.sessionId), {
        kind: "change",
        table: "questions",
        event,
        payload: question,
      });
    return question;
  }

  /** Answer (Done) or reopen: the team's moves on a question (spec 2 §4, §6). */
  async function setAnswered(
    viewerUserId: number,
    input: { question_id: number; event_id: number },
    done: boolean,
  ) {
    return withOutbox(db, realtime, async (tx, outbox) => {
      const { stored, access } = await visibleQuestion(viewerUserId, input.question_id, tx);
      assertEvent(access, input.event_id, "question_not_found");
      if (!canReopenQuestions(access.flags)) throw Forbidden();
      if (done && !canAnswerQuestions(access.flags, sessionOf(access).state))
        throw Conflict("questions_not_broadcasting");
      if (stored.answered === done) return (await q.publicQuestion(tx, stored.id)) as Question;
      await q.setAnswered(tx, stored.id, done ? clock().getTime() : null);
      // Issue 12: the question answered last goes on stage (when shown there); a reopened one leaves it.
      await moveQaOnStage(tx, outbox, stored.sessionId, done ? { show: stored.id } : { hide: stored.id });
      return publishQuestion(tx, outbox, stored, "UPDATE");
    });
  }

  /** The stage shows a question's text and author: the session topic hears when that question changed. */
  async function republishIfOnStage(tx: Queryable, outbox: Outbox, access: PlaceAccess, questionId: number) {
    if (sessionOf(access).qaOnStage?.questionId === questionId)
      await publishSession(tx, outbox, sessionOf(access).id);
  }

  return {
    async list(viewerUserId: number | null, sessionId: number, browserKey: string | null) {
      const topic = sessionTopic(sessionId);
      await requireTopicReader(db, viewerUserId, topic, browserKey);
      const seq = await topicSeq(db, topicName(topic));
      return { questions: await q.listQuestions(db, sessionId, viewerUserId), seq };
    },

    async ask(viewerUserId: number, input: { video_session_id: number; content: string }) {
      const access = await requireTopicReader(db, viewerUserId, sessionTopic(input.video_session_id));
      assertMayInteract(access);
      const content = textToSend(input.content);
      await limit(db, "question", viewerUserId, input.video_session_id);
      return withOutbox(db, realtime, async (tx, outbox) => {
        const id = await q.insertQuestion(tx, {
          sessionId: input.video_session_id,
          userId: viewerUserId,
          content,
        });
        const stored = await q.findQuestion(tx, id);
        if (!stored) throw NotFound("question_not_found");
        return publishQuestion(tx, outbox, stored, "INSERT");
      });
    },

    async edit(viewerUserId: number, input: { question_id: number; content: string; event_id: number }) {
      return withOutbox(db, realtime, async (tx, outbox) => {
        const { stored, access } = await visibleQuestion(viewerUserId, input.question_id, tx);
        assertEvent(access, input.event_id, "question_not_found");
        if (!canEditQuestion(access.flags, viewerUserId, stored.userId)) throw Forbidden();
        const content = textToSend(input.content);
        if (stored.userId === viewerUserId) await limit(tx, "question", viewerUserId, stored.sessionId);
        // Spec 2 §5: a save is sent only if the content changed; the same text changes nothing.
        if (content !== stored.content) await q.updateQuestionContent(tx, stored.id, content);
        else return (await q.publicQuestion(tx, stored.id)) as Question;
        await republishIfOnStage(tx, outbox, access, stored.id);
        return publishQuestion(tx, outbox, stored, "UPDATE");
      });
    },

    async remove(viewerUserId: number, input: { question_id: number; event_id: number }) {
      await withOutbox(db, realtime, async (tx, outbox) => {
        const { stored, access } = await visibleQuestion(viewerUserId, input.question_id, tx);
        assertEvent(access, input.event_id, "question_not_found");
        if (!canDeleteQuestion(access.flags, viewerUserId, stored.userId)) throw Forbidden();
        if (stored.userId === viewerUserId) await limit(tx, "question", viewerUserId, stored.sessionId);
        await q.deleteQuestion(tx, stored.id);
        await republishIfOnStage(tx, outbox, access, stored.id);
        if (!stored.authorShadowBanned)
          await outbox.write(sessionTopic(stored.sessionId), {
            kind: "change",
            table: "questions",
            event: "DELETE",
            payload: { id: stored.id },
          });
      });
    },

    /** Adds (or, with `add` false, withdraws) the viewer's upvote; repeating either is harmless. */
    async upvote(viewerUserId: number, questionId: number, add: boolean) {
      const { stored, access } = await visibleQuestion(viewerUserId, questionId);
      if (add) {
        assertMayInteract(access);
        // Spec 2 §5: a user cannot upvote their own question.
        if (!canUpvoteQuestion(viewerUserId, stored.userId)) throw Forbidden("own_question_upvote");
      }
      await limit(db, "question_upvote", viewerUserId, stored.sessionId);
      await withOutbox(db, realtime, async (tx, outbox) => {
        const changed = add
          ? await q.insertUpvote(tx, questionId, viewerUserId)
          : await q.deleteUpvote(tx, questionId, viewerUserId);
        // A shadow-banned user's upvote counts for them alone, like their question.
        if (changed && !access.viewer.isShadowBanned && !stored.authorShadowBanned)
          await outbox.write(sessionTopic(stored.sessionId), {
            kind: "change",
            table: "question_upvotes",
            event: add ? "INSERT" : "DELETE",
            payload: { questionId, userId: viewerUserId },
          });
      });
    },

    answer: (viewerUserId: number, input: { question_id: number; event_id: number }) =>
      setAnswered(viewerUserId, input, true),
    reopen: (viewerUserId: number, input: { question_id: number; event_id: number }) =>
      setAnswered(viewerUserId, input, false),

    /** Issue 12 'Hide from stage': by who may answer; a question no longer on stage stays off it. */
    async hideFromStage(viewerUserId: number, input: { question_id: number; event_id: number }) {
      await withOutbox(db, realtime, async (tx, outbox) => {
        const { stored, access } = await visibleQuestion(viewerUserId, input.question_id, tx);
        assertEvent(access, input.event_id, "question_not_found");
        if (!canReopenQuestions(access.flags)) throw Forbidden();
        await moveQaOnStage(tx, outbox, stored.sessionId, { hide: stored.id });
      });
    },

    async comment(viewerUserId: number, input: { question_id: number; content: string }) {
      const { stored, access } = await visibleQuestion(viewerUserId, input.question_id);
      assertMayInteract(access);
      const content = textToSend(input.content);
      await limit(db, "question_comment", viewerUserId, stored.sessionId);
      return withOutbox(db, realtime, async (tx, outbox) => {
        const comment = await q.insertComment(tx, { questionId: stored.id, userId: viewerUserId, content });
        await publishComment(outbox, stored, access.viewer.isShadowBanned, {
          event: "INSERT",
          payload: comment,
        });
        return comment;
      });
    },

    async editComment(viewerUserId: number, input: { id: number; content: string }) {
      const { place, stored } = await visibleComment(viewerUserId, input.id);
      if (!canEditComment(viewerUserId, place.userId)) throw Forbidden();
      const content = textToSend(input.content);
      await limit(db, "question_comment", viewerUserId, stored.sessionId);
      return withOutbox(db, realtime, async (tx, outbox) => {
        await q.updateCommentContent(tx, input.id, content);
        const comment = await q.findComment(tx, input.id);
        if (!comment) throw NotFound("comment_not_found");
        await publishComment(outbox, stored, place.authorShadowBanned, { event: "UPDATE", payload: comment });
        return comment;
      });
    },

    async removeComment(viewerUserId: number, input: { id: number; event_id: number }) {
      const { place, stored, access } = await visibleComment(viewerUserId, input.id);
      assertEvent(access, input.event_id, "comment_not_found");
      if (!canDeleteComment(access.flags, viewerUserId, place.userId)) throw Forbidden();
      if (place.userId === viewerUserId) await limit(db, "question_comment", viewerUserId, stored.sessionId);
      await withOutbox(db, realtime, async (tx, outbox) => {
        if (await q.deleteComment(tx, input.id))
          await publishComment(outbox, stored, place.authorShadowBanned, {
            event: "DELETE",
            payload: { id: input.id },
          });
      });
    },

    /** Spec 2 §7 toggle-qa-on-stage and toggle-qa-truncate: the session topic hears of a change. */
    async toggle(
      viewerUserId: number,
      input: { video_session_id: number; event_id: number },
      patch: { qaShowOnStage: boolean } | { qaTruncateOnStage: boolean },
    ) {
      const access = await requireTopicReader(db, viewerUserId, sessionTopic(input.video_session_id));
      assertEvent(access, input.event_id, "session_not_found");
      if (!canToggleQaOnStage(access.flags)) throw Forbidden();
      await withOutbox(db, realtime, (tx, outbox) =>
        updateSession(tx, outbox, input.video_session_id, patch),
      );
    },
  };

  /** A comment the viewer may see on a question they may see. */
  async function visibleComment(viewerUserId: number, id: number) {
    const place = await q.findCommentPlace(db, id);
    if (!place || (place.authorShadowBanned && place.userId !== viewerUserId))
      throw NotFound("comment_not_found");
    const { stored, access } = await visibleQuestion(viewerUserId, place.questionId);
    return { place, stored, access };
  }

  /** Comments are seen when neither their writer nor the question's author is shadow-banned. */
  async function publishComment(
    outbox: Outbox,
    stored: q.StoredQuestion,
    writerShadowBanned: boolean,
    body:
      | { event: "INSERT" | "UPDATE"; payload: QuestionComment }
      | { event: "DELETE"; payload: { id: number } },
  ): Promise<void> {
    if (writerShadowBanned || stored.authorShadowBanned) return;
    await outbox.write(sessionTopic(stored.sessionId), {
      kind: "change",
      table: "question_comments",
      ...body,
    });
  }
}

export type QuestionsService = ReturnType<typeof questionsService>;
