import { z } from "zod";
import { SessionStream } from "../broadcast/schemas";
import { ChatMessage, ChatReaction } from "../chat/schemas";
import { Clip } from "../clips/schemas";
import { VideoSessionSummary } from "../event-page/schemas";
import { SessionIntent, SessionIntentRemoved } from "../intents/schemas";
import { DonationsChanged } from "../payments/donation-schemas";
import { Poll, PollResults } from "../polls/schemas";
import { LiveUser, RoomSession } from "../presence/schemas";
import { Deleted, Question, QuestionComment, QuestionUpvote } from "../questions/schemas";
import { StudioResponse } from "../studio/schemas";
import type { TopicMessage } from "./schemas";
import type { TopicKind } from "./topics";

// The realtime contract, like HTTP's: every message each topic kind carries, its name and its payload.
// The server's outbox accepts only these; the web's useTopic hands its handlers only these (parsed);
// docs/realtime.md's message table is rendered from here and a test keeps it so.

type RowEvent = "INSERT" | "UPDATE" | "DELETE";

const change = <T extends string, E extends RowEvent, P extends z.ZodType>(
  table: T,
  event: E,
  payload: P,
  doc: string,
) =>
  z
    .object({ kind: z.literal("change"), table: z.literal(table), event: z.literal(event), payload })
    .describe(doc);

const broadcast = <E extends string, P extends z.ZodType>(event: E, payload: P, doc: string) =>
  z.object({ kind: z.literal("broadcast"), event: z.literal(event), payload }).describe(doc);

export const RegisteredCount = z.object({ registeredCount: z.number().int().nonnegative() });
export type RegisteredCount = z.infer<typeof RegisteredCount>;
export const ActiveBrowser = z.object({ sessionId: z.number().int(), browserId: z.string() });
export type ActiveBrowser = z.infer<typeof ActiveBrowser>;
export const Banned = z.object({ eventId: z.number().int() });
export type Banned = z.infer<typeof Banned>;
/** Issue 12 item 7: someone's role or ban changed; the people lists read them again. */
export const PeopleChanged = z.object({ userId: z.number().int() });
export type PeopleChanged = z.infer<typeof PeopleChanged>;
/** Spec 2 §4: the host went live here and called the other sessions' audience. */
export const AudienceCalled = z.object({
  sessionId: z.number().int(),
  urlHash: z.string(),
  title: z.string(),
});
export type AudienceCalled = z.infer<typeof AudienceCalled>;
/** Issue 14: the host changed what the event page shows of the event; its cached pages go. */
export const EventUpdated = z.object({ eventId: z.number().int() });
export type EventUpdated = z.infer<typeof EventUpdated>;
export const PollRemoved = z.object({ pollId: z.number().int() });
export const PollsOrder = z.object({ order: z.array(z.number().int()) });
/** The user's own answer to a poll, set, switched or removed (null), for their other tabs. */
export const PollAnswered = z.object({ pollId: z.number().int(), optionId: z.number().int().nullable() });
export type PollAnswered = z.infer<typeof PollAnswered>;

/** Spec 2 §4, §6: one set of poll messages, carried by the audience's topic and by the managers' one. */
const pollMessages = (audience: boolean) =>
  [
    broadcast(
      "poll.saved",
      Poll,
      audience
        ? "`Poll` (`polls/schemas.ts`) created, edited or shown; `answers` null unless it shows answers"
        : "`Poll` created, edited, hidden or shown, with its counts",
    ),
    broadcast(
      "poll.removed",
      PollRemoved,
      audience ? "`{ pollId }`: deleted or hidden" : "`{ pollId }`: deleted",
    ),
    broadcast("polls.reordered", PollsOrder, "`{ order }`: poll ids in the new order"),
    broadcast(
      "poll.results",
      PollResults,
      audience
        ? "`PollResults`: every option's count of a shown poll that shows answers, at most every 100 ms per poll"
        : "`PollResults`: every option's count, at most every 100 ms per poll",
    ),
  ] as const;
export const ClippingToggled = z.object({ disableClipping: z.boolean() });
export type ClippingToggled = z.infer<typeof ClippingToggled>;

/**
 * Stage intents. Spec 2 §2 hidden audience: moves onto or off the stage travel on session:{id}; raised
 * hands and invites on presence:{id} (read like the people tab) and on the user's own user:{id}.
 */
const intentMessages = [
  change(
    "video_session_intents",
    "INSERT",
    SessionIntent,
    "`SessionIntent` (`intents/schemas.ts`): a hand raised or an invite sent where the user had no intent",
  ),
  change(
    "video_session_intents",
    "UPDATE",
    SessionIntent,
    "`SessionIntent`: a user's intent moved (hand raised → invite sent, invite accepted or declined, …)",
  ),
  change(
    "video_session_intents",
    "DELETE",
    SessionIntentRemoved,
    "`{ sessionId, userId }`: a hand lowered or an invite withdrawn (Uninvite)",
  ),
] as const;

/** Every message body (everything but topic, seq and at) each topic kind carries. */
export const TopicBodies = {
  event: z.union([
    broadcast("registration.created", RegisteredCount, "`{ registeredCount }` after a registration"),
    broadcast("registration.deleted", RegisteredCount, "`{ registeredCount }` after an unregistration"),
    broadcast(
      "audience.called",
      AudienceCalled,
      "`{ sessionId, urlHash, title }`: a host went live in a multi-session event with 'Yes, call the audience'",
    ),
    broadcast(
      "people.changed",
      PeopleChanged,
      "`{ userId }`: an event or channel role change, a ban or an unban, a ticket paid or refunded (the people lists and the user's event page read them again)",
    ),
    broadcast(
      "clipping.toggled",
      ClippingToggled,
      "`{ disableClipping }` after toggle-clipping changed the event's setting",
    ),
    broadcast(
      "session.updated",
      VideoSessionSummary,
      "`VideoSessionSummary` (`event-page/schemas.ts`): a session added, or its state, schedule, title or type changed (the agenda)",
    ),
    broadcast("session.removed", Deleted, "`{ id }`: a session deleted (the agenda)"),
    broadcast(
      "event.updated",
      EventUpdated,
      "`{ eventId }`: the event's settings, cover, tickets or registration questions changed, or it was archived or deleted (every node's cached event pages drop it)",
    ),
  ]),
  session: z.union([
    change(
      "video_sessions",
      "UPDATE",
      RoomSession,
      "`RoomSession` (`presence/schemas.ts`), after toggle-chat, a dashboard edit, a state move, a reset or a setting (session control)",
    ),
    change(
      "video_session_streams",
      "INSERT",
      SessionStream,
      "`SessionStream` (`broadcast/schemas.ts`): go live (`countdownElapsedMs` 0: the countdown begins)",
    ),
    change(
      "video_session_streams",
      "UPDATE",
      SessionStream,
      "`SessionStream`: on air, recording started or paused, ended, failed, or deleted (`deletedAt` set)",
    ),
    // Q&A is read by whoever reads the session (spec 2 §2); a shadow-banned author's writes go to nobody.
    change("questions", "INSERT", Question, "`Question` (`questions/schemas.ts`): asked"),
    change("questions", "UPDATE", Question, "`Question`: edited, answered (Done) or reopened"),
    change("questions", "DELETE", Deleted, "`{ id }`: a question deleted (its comments and upvotes too)"),
    change("question_comments", "INSERT", QuestionComment, "`QuestionComment`: a comment added"),
    change("question_comments", "UPDATE", QuestionComment, "`QuestionComment`: a comment edited"),
    change("question_comments", "DELETE", Deleted, "`{ id }`: a comment deleted"),
    change("question_upvotes", "INSERT", QuestionUpvote, "`{ questionId, userId }`: an upvote"),
    change("question_upvotes", "DELETE", QuestionUpvote, "`{ questionId, userId }`: an upvote withdrawn"),
    broadcast(
      "studio.changed",
      StudioResponse,
      "`StudioResponse` (`studio/schemas.ts`) as the audience may see it (`publicStudio`: the brand, the title and the CTA on air, no clicks): a custom element created, edited, deleted or reordered, a title overlay or a CTA shown or hidden, a template applied. The program scene and the CTA over the player keep it; the studio module reads the team's view again",
    ),
    broadcast(
      "donations.changed",
      DonationsChanged,
      "`{ videoSessionId }`: a donation to the session was paid or refunded (the team's donations list reads again; no amount or donor travels to the audience)",
    ),
    // Spec 1 §5 "clips" subscription: everyone reading the session sees its clips (no analytics).
    change("clips", "INSERT", Clip, "`Clip` (`clips/schemas.ts`): a clip made, its cut still to come"),
    change(
      "clips",
      "UPDATE",
      Clip,
      "`Clip`: its cut's progress, ready (`videoUrl` set) or failed, or renamed",
    ),
    change("clips", "DELETE", Deleted, "`{ id }`: a clip deleted (its files too)"),
    ...intentMessages,
  ]),
  chat: z.union([
    change("chat_messages", "INSERT", ChatMessage, "`ChatMessage` (`chat/schemas.ts`, `reactions: []`)"),
    change(
      "chat_messages",
      "UPDATE",
      ChatMessage,
      '`ChatMessage`: an edit (new `message`, `updatedAt`), or a soft delete (`deletedAt` set, `message` "")',
    ),
    change("chat_reactions", "INSERT", ChatReaction, "`ChatReaction` added"),
    change("chat_reactions", "DELETE", ChatReaction, "`ChatReaction` removed"),
  ]),
  presence: z.union([
    change("video_session_users", "INSERT", LiveUser, "`LiveUser`: first presence in the session"),
    change(
      "video_session_users",
      "UPDATE",
      LiveUser,
      "`LiveUser`, only when the state changes (offline → active, active → offline, …), not on every heartbeat",
    ),
    ...intentMessages,
  ]),
  polls: z.union(pollMessages(true)),
  "polls-team": z.union(pollMessages(false)),
  user: z.union([
    broadcast("active-browser", ActiveBrowser, "`{ sessionId, browserId }` (another tab took over)"),
    broadcast("banned", Banned, "`{ eventId }`"),
    broadcast(
      "poll.answered",
      PollAnswered,
      "`{ pollId, optionId }`: the user's own poll answer set, switched or removed (`optionId` null), for their other tabs",
    ),
    ...intentMessages,
  ]),
} satisfies Record<TopicKind, z.ZodType>;

export type TopicBody<K extends TopicKind> = z.infer<(typeof TopicBodies)[K]>;

/** A message as a subscriber of a `K` topic receives it: its body, typed, with its place in the topic. */
export type TypedTopicMessage<K extends TopicKind> = TopicBody<K> &
  Pick<TopicMessage, "topic" | "seq" | "at">;

/** The wire message read against its topic kind's contract; null when it is not one of them. */
export function parseTopicMessage<K extends TopicKind>(
  kind: K,
  message: TopicMessage,
): TypedTopicMessage<K> | null {
  const body = TopicBodies[kind].safeParse(message);
  if (!body.success) return null;
  return { ...(body.data as TopicBody<K>), topic: message.topic, seq: message.seq, at: message.at };
}
