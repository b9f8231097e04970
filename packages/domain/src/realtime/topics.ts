import { z } from "zod";
import { seesAudience } from "../intents/rules";
import { canManagePolls } from "../polls/rules";
import type { ViewerFlags } from "../roles/rules";
import type { ChatType, EventAccess, SessionType } from "../vocabulary";

/** DESIGN.md "Realtime": the things a client may subscribe to. */
export const TopicKind = z.enum(["event", "session", "chat", "presence", "polls", "polls-team", "user"]);
export type TopicKind = z.infer<typeof TopicKind>;

export interface Topic<K extends TopicKind = TopicKind> {
  kind: K;
  /** event id, session id, chat id, session id (presence, polls, polls-team) or user id. */
  id: number;
}

export function topicName(topic: Topic): string {
  return `${topic.kind}:${topic.id}`;
}

const TOPIC_PATTERN = /^(event|session|chat|presence|polls|polls-team|user):([1-9][0-9]{0,15})$/;

/**
 * Spec 2 §5: subscriptions whose name or filter holds undefined or null, or ends in -0, are skipped;
 * here anything but `kind:positive-id` is refused before it reaches the database.
 */
export function parseTopic(name: unknown): Topic | null {
  if (typeof name !== "string") return null;
  const match = TOPIC_PATTERN.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return { kind: match[1] as TopicKind, id };
}

/** What the server knows about a topic's place when it decides who may read it. */
export interface TopicContext {
  flags: ViewerFlags;
  viewerUserId: number | null;
  /** A registration or any event role; a channel role counts too (spec 1 §4). */
  hasRole: boolean;
  /** An active, non-shadow event ban or a channel ban (shadow-banned users must not notice). */
  isBanned: boolean;
  /**
   * `unreached`: an unlisted (private) event the viewer neither opened by its code nor holds a role on;
   * it must look like no event at all (spec 1 §2 'Unlisted').
   */
  event: { access: EventAccess; deleted: boolean; archived: boolean; unreached?: boolean };
  /** Absent for event and user topics. */
  session?: { sessionType: SessionType; hideAudience: boolean };
  chatType?: ChatType;
}

export type TopicRefusal = "no_token" | "forbidden" | "banned" | "not_found";

/**
 * Who may read a topic (issue 6): a banned user reads nothing of the event; a guest never reads
 * backstage chat; the audience list follows the people tab's visibility; user topics are their owner's.
 */
export function topicRefusal(kind: TopicKind, ctx: TopicContext, topicId: number): TopicRefusal | null {
  if (kind === "user") {
    if (ctx.viewerUserId === null) return "no_token";
    return ctx.viewerUserId === topicId ? null : "forbidden";
  }
  if (ctx.event.deleted || ctx.event.unreached) return "not_found";
  if (ctx.event.archived && !(ctx.flags.isOwnerOrAdmin || ctx.flags.isOrgMember)) return "not_found";
  if (ctx.isBanned) return "banned";
  const mayEnter = ctx.event.access === "open" || ctx.hasRole || ctx.flags.isTeam;
  if (!mayEnter) return ctx.viewerUserId === null ? "no_token" : "forbidden";
  switch (kind) {
    case "event":
    case "session":
    case "polls":
      return null;
    case "polls-team":
      // Spec 2 §6: hidden polls and results not shown to the audience reach the poll managers only.
      return canManagePolls(ctx.flags) ? null : "forbidden";
    case "chat":
      if (ctx.chatType !== "backstage") return null;
      // Spec 2 §2: backstage chat is for backstage-chat users and not shown in lobby.
      return ctx.flags.canUseBackstageChat && ctx.session?.sessionType !== "lobby" ? null : "forbidden";
    case "presence":
      // Spec 2 §2: guests do not see the people tab when the audience is hidden.
      return seesAudience({ isTeam: ctx.flags.isTeam, hideAudience: ctx.session?.hideAudience ?? false })
        ? null
        : "forbidden";
  }
}
