import type { Queryable } from "../../platform/database";
import type { Outbox } from "../../platform/realtime/outbox";
import * as q from "./queries";

// Issue 10 §3.3: the one owner of video_sessions writes. Writes run in the caller's transaction (which
// may do more, e.g. schedule reminders) and tell the session topic through the caller's outbox.

export {
  countSessions,
  findRoomSession,
  findSession,
  findUpcomingSessions,
  listSessions,
  lockSessionControl,
  type NewSession,
  ROOM_SESSION_COLUMNS,
  type RoomSessionRow,
  type SessionPatch,
  toRoomSession,
} from "./queries";

/** A new event's first session with its chats: nobody follows the event yet, so nobody is told. */
export const createFirstSession = (tx: Queryable, eventId: number, session: q.NewSession) =>
  q.insertSession(tx, eventId, session);

/** A session with its chats; its topic has no subscriber yet, the event's agenda is told. */
export async function createSession(
  tx: Queryable,
  outbox: Outbox,
  eventId: number,
  session: q.NewSession,
): Promise<number> {
  const id = await q.insertSession(tx, eventId, session);
  await tellAgenda(tx, outbox, eventId, id);
  return id;
}

/** The event topic hears a session as the agenda shows it (spec 2 §2: the agenda stays live). */
async function tellAgenda(tx: Queryable, outbox: Outbox, eventId: number, sessionId: number) {
  const summary = await q.findSession(tx, sessionId);
  if (summary)
    await outbox.write(
      { kind: "event", id: eventId },
      { kind: "broadcast", event: "session.updated", payload: summary },
    );
}

/** What the event's agenda shows of a session (VideoSessionSummary): a change to one is the event's news. */
const AGENDA_FIELDS = [
  "title",
  "description",
  "timeScheduled",
  "durationMinutes",
  "sessionType",
  "broadcastType",
  "state",
  "timeBroadcastEnd",
] as const satisfies readonly (keyof q.SessionPatch)[];

/**
 * Applies the patch; the session topic hears of a real change with the session as the room shows it,
 * and the event topic of one the agenda shows (spec 2 §2: the lobby's agenda stays live).
 */
export async function updateSession(
  tx: Queryable,
  outbox: Outbox,
  sessionId: number,
  patch: q.SessionPatch,
): Promise<void> {
  if (await q.updateSession(tx, sessionId, patch)) await publishSession(tx, outbox, sessionId, patch);
}

/**
 * The session topic hears the session as the room shows it (also after its shown question changed);
 * the event topic hears it too when the change (`patch`) is one the agenda shows.
 */
export async function publishSession(
  tx: Queryable,
  outbox: Outbox,
  sessionId: number,
  patch: q.SessionPatch = {},
): Promise<void> {
  const session = await q.findRoomSession(tx, sessionId);
  if (!session) return;
  await outbox.write(
    { kind: "session", id: sessionId },
    { kind: "change", table: "video_sessions", event: "UPDATE", payload: session },
  );
  if (AGENDA_FIELDS.some((field) => patch[field] !== undefined))
    await tellAgenda(tx, outbox, session.eventId, sessionId);
}

/** Issue 12: a question answered onto the stage, or taken off it; published when it changed. */
export async function moveQaOnStage(
  tx: Queryable,
  outbox: Outbox,
  sessionId: number,
  move: { show: number } | { hide: number },
): Promise<void> {
  if (await q.moveQaOnStage(tx, sessionId, move)) await publishSession(tx, outbox, sessionId);
}

/** A banned user's question leaves every stage of the events it was on (a shadow ban hides it too). */
export async function clearBannedQaOnStage(
  tx: Queryable,
  outbox: Outbox,
  userId: number,
  eventIds: readonly number[],
): Promise<void> {
  for (const sessionId of await q.clearQaOnStageByAuthor(tx, userId, eventIds))
    await publishSession(tx, outbox, sessionId);
}

/** Spec 2 §7 toggle-chat, decided under the row's lock; false when the session is gone. */
export async function setChatDisabled(
  tx: Queryable,
  outbox: Outbox,
  sessionId: number,
  disableChat: boolean,
): Promise<boolean> {
  const current = await q.lockChatDisabled(tx, sessionId);
  if (current === null) return false;
  // Only a change is published: the topic hears once per toggle, not per click.
  if (current !== disableChat) await updateSession(tx, outbox, sessionId, { disableChat });
  return true;
}

/**
 * Soft delete, unless the session went live meanwhile (then false). The session topic carries no
 * delete message (domain TopicBodies): its room answers 404 from now on; the agenda drops it.
 */
export async function deleteSession(
  tx: Queryable,
  outbox: Outbox,
  session: { id: number; eventId: number },
): Promise<boolean> {
  if (!(await q.softDeleteSession(tx, session.id))) return false;
  await outbox.write(
    { kind: "event", id: session.eventId },
    { kind: "broadcast", event: "session.removed", payload: { id: session.id } },
  );
  return true;
}
