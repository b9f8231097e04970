import {
  BadRequest,
  Conflict,
  type CreatePollRequest,
  canManagePolls,
  canSeePoll,
  Forbidden,
  NotFound,
  type Poll,
  type PollsResponse,
  pollToSave,
  type UpdatePollRequest,
} from "@onstage/domain";
import type { z } from "zod";
import { type PlaceAccess, requireTopicReader } from "../../kernel/access/topic-access";
import type { Queryable } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import { topicSeq } from "../../platform/realtime/queries";
import type { FeatureDeps } from "../deps";
import { limitAudienceWrite } from "../rate-limits/service";
import { asSeenBy, publishDeleted, publishOrder, publishOwnAnswer, publishSaved } from "./publish";
import {
  deleteAnswer,
  deleteOptions,
  deletePoll,
  findPoll,
  insertPoll,
  listPolls,
  lockSessionPolls,
  myAnswers,
  type PollRow,
  readPoll,
  saveOptions,
  setOrder,
  updatePoll,
  upsertAnswer,
} from "./queries";
import type { ResultsPublisher } from "./results";

export type PollsDeps = Pick<FeatureDeps, "db" | "realtime" | "clock">;
type CreateInput = z.output<typeof CreatePollRequest>;
type UpdateInput = z.output<typeof UpdatePollRequest>;

const sessionTopic = (id: number) => ({ kind: "session", id }) as const;

/** Spec 2 §6: the session's reader who may manage its polls; a session of another event is unknown. */
async function requireManager(db: Queryable, viewerUserId: number, sessionId: number, eventId?: number) {
  const access = await requireTopicReader(db, viewerUserId, sessionTopic(sessionId));
  if (eventId !== undefined && access.event.id !== eventId) throw NotFound("session_not_found");
  if (!canManagePolls(access.flags)) throw Forbidden();
  return access;
}

/** The poll of `eventId` (another event's poll is unknown), with the viewer's access to its session. */
async function pollOf(db: Queryable, viewerUserId: number, pollId: number, eventId?: number) {
  const poll = await findPoll(db, pollId);
  if (!poll || (eventId !== undefined && poll.eventId !== eventId)) throw NotFound("poll_not_found");
  const access = await requireTopicReader(db, viewerUserId, sessionTopic(poll.sessionId));
  if (!canSeePoll(access.flags, poll)) throw NotFound("poll_not_found");
  return { poll, access };
}

/** Spec 2 §4: voting needs a verified e-mail (spec 2 §5) and a poll that is not hidden. */
function assertMayVote(poll: PollRow, access: PlaceAccess): void {
  if (!access.viewer.emailVerified) throw Forbidden("email_not_verified");
  if (poll.hidden) throw Conflict("poll_hidden");
}

/** The options after an edit: the list given (empty ones dropped, spec 2 §5) or the kept ones. */
function editedOptions(current: Poll, input: UpdateInput) {
  const listed = input.options?.filter((option) => option.option.trim() !== "");
  const kept = listed ?? current.options.filter((option) => !input.delete_options.includes(option.id));
  const known = new Set(current.options.map((option) => option.id));
  if (kept.some((option) => option.id !== undefined && !known.has(option.id)))
    throw NotFound("poll_option_not_found");
  const keptIds = new Set(kept.map((option) => option.id));
  const removed = current.options.map((option) => option.id).filter((id) => !keptIds.has(id));
  return { kept: kept.map(({ id, option }) => ({ id, option: option.trim() })), removed };
}

export function pollsService(deps: PollsDeps, results: ResultsPublisher) {
  const { db, realtime, clock } = deps;

  /** Issue 23 §2.2: setting, switching and removing one's answer share one limit per session. */
  const limitVote = (userId: number, sessionId: number) =>
    limitAudienceWrite(db, clock().getTime(), { action: "poll_answer", userId, sessionId });

  async function readSaved(tx: Queryable, pollId: number): Promise<Poll> {
    const poll = await readPoll(tx, pollId);
    if (!poll) throw NotFound("poll_not_found");
    return poll;
  }

  return {
    async list(
      viewerUserId: number | null,
      sessionId: number,
      browserKey: string | null,
    ): Promise<PollsResponse> {
      const access = await requireTopicReader(db, viewerUserId, sessionTopic(sessionId), browserKey);
      const mayManage = canManagePolls(access.flags);
      // The sequence first: the list is then at least as new, and every poll message is idempotent.
      const seq = await topicSeq(db, `${mayManage ? "polls-team" : "polls"}:${sessionId}`);
      const polls = await listPolls(db, sessionId, mayManage);
      return {
        polls: polls.map((poll) => asSeenBy(poll, mayManage)),
        myAnswers: viewerUserId === null ? [] : await myAnswers(db, sessionId, viewerUserId),
        myAnswersCounted: !access.viewer.isShadowBanned,
        mayManage,
        seq,
      };
    },

    async create(viewerUserId: number, input: CreateInput): Promise<Poll> {
      await requireManager(db, viewerUserId, input.session_id, input.event_id);
      const saved = pollToSave({ question: input.question, options: input.options });
      if (!saved) throw BadRequest("invalid_poll");
      return withOutbox(db, realtime, async (tx, outbox) => {
        const id = await insertPoll(tx, {
          eventId: input.event_id,
          sessionId: input.session_id,
          question: saved.question,
          hidden: input.hidden,
          showAnswers: input.show_answers,
        });
        await saveOptions(
          tx,
          id,
          saved.options.map((option) => ({ option })),
        );
        const poll = await readSaved(tx, id);
        await publishSaved(outbox, poll, false);
        return poll;
      });
    },

    /** Spec 2 §7 update poll: `set` (question, hidden, show_answers), options and delete_options. */
    async update(viewerUserId: number, input: UpdateInput): Promise<Poll> {
      const { poll } = await pollOf(db, viewerUserId, input.poll_id, input.event_id);
      await requireManager(db, viewerUserId, poll.sessionId);
      return withOutbox(db, realtime, async (tx, outbox) => {
        if (!(await findPoll(tx, poll.id, true))) throw NotFound("poll_not_found");
        const current = await readSaved(tx, poll.id);
        const { kept, removed } = editedOptions(current, input);
        const question = input.set.question ?? current.question;
        const saved = pollToSave({ question, options: kept.map((option) => option.option) });
        if (!saved) throw BadRequest("invalid_poll");
        await updatePoll(tx, poll.id, {
          question: saved.question,
          hidden: input.set.hidden,
          showAnswers: input.set.show_answers,
        });
        await deleteOptions(tx, poll.id, removed);
        await saveOptions(tx, poll.id, kept);
        const edited = await readSaved(tx, poll.id);
        await publishSaved(outbox, edited, !current.hidden);
        return edited;
      });
    },

    async remove(viewerUserId: number, input: { poll_id: number; event_id: number }): Promise<void> {
      const { poll } = await pollOf(db, viewerUserId, input.poll_id, input.event_id);
      await requireManager(db, viewerUserId, poll.sessionId);
      await withOutbox(db, realtime, async (tx, outbox) => {
        const locked = await findPoll(tx, poll.id, true);
        if (!locked) return;
        await deletePoll(tx, poll.id);
        await publishDeleted(outbox, locked);
      });
    },

    /** Spec 2 §7 reorder polls: `order` names every poll of the session exactly once. */
    async reorder(viewerUserId: number, input: { session_id: number; order: number[] }): Promise<void> {
      await requireManager(db, viewerUserId, input.session_id);
      await withOutbox(db, realtime, async (tx, outbox) => {
        const ids = await lockSessionPolls(tx, input.session_id);
        const same =
          ids.length === input.order.length &&
          new Set(input.order).size === ids.length &&
          input.order.every((id) => ids.includes(id));
        if (!same) throw BadRequest("invalid_poll_order");
        await setOrder(tx, input.session_id, input.order);
        const polls = await listPolls(tx, input.session_id, true);
        const shown = polls.filter((poll) => !poll.hidden).map((poll) => poll.id);
        await publishOrder(
          outbox,
          input.session_id,
          polls.map((poll) => poll.id),
          shown,
        );
      });
    },

    /** Sets or switches the viewer's answer (spec 2 §4); the results follow within the window. */
    async answer(viewerUserId: number, input: { poll_id: number; option_id: number }): Promise<void> {
      const { poll, access } = await pollOf(db, viewerUserId, input.poll_id);
      assertMayVote(poll, access);
      await limitVote(viewerUserId, poll.sessionId);
      const written = await withOutbox(db, realtime, async (tx, outbox) => {
        const answer = { pollId: poll.id, userId: viewerUserId, optionId: input.option_id };
        if (!(await upsertAnswer(tx, answer))) return false;
        await publishOwnAnswer(outbox, viewerUserId, { pollId: poll.id, optionId: input.option_id });
        return true;
      });
      if (!written) {
        // Hidden since the check above, or an option of another poll (or none).
        const now = await findPoll(db, poll.id);
        if (now?.hidden) throw Conflict("poll_hidden");
        throw NotFound("poll_option_not_found");
      }
      if (!access.viewer.isShadowBanned) results.schedule(poll.id);
    },

    /** Removes the viewer's answer: clicking the same option again (spec 2 §4). */
    async removeAnswer(viewerUserId: number, input: { poll_id: number }): Promise<void> {
      const { poll, access } = await pollOf(db, viewerUserId, input.poll_id);
      assertMayVote(poll, access);
      await limitVote(viewerUserId, poll.sessionId);
      const removed = await withOutbox(db, realtime, async (tx, outbox) => {
        if (!(await deleteAnswer(tx, poll.id, viewerUserId))) return false;
        await publishOwnAnswer(outbox, viewerUserId, { pollId: poll.id, optionId: null });
        return true;
      });
      if (removed && !access.viewer.isShadowBanned) results.schedule(poll.id);
    },
  };
}

export type PollsService = ReturnType<typeof pollsService>;
