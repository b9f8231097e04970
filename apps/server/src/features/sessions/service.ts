import type { Database, Queryable } from "../../platform/database";
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

/** A session with its chats; its topic has no subscriber yet, so nobody is told. */
export const createSession = (tx: Queryable, eventId: number, session: q.NewSession) =>
  q.insertSession(tx, eventId, session);

/** Applies the patch; the session topic hears of a real change with the session as the room shows it. */
export async function updateSession(
  tx: Queryable,
  outbox: Outbox,
  sessionId: number,
  patch: q.SessionPatch,
): Promise<void> {
  if (await q.updateSession(tx, sessionId, patch)) await publishSession(tx, outbox, sessionId);
}

/** The session topic hears the session as the room shows it (also after its shown question changed). */
export async function publishSession(tx: Queryable, outbox: Outbox, sessionId: number): Promise<void> {
  const session = await q.findRoomSession(tx, sessionId);
  if (session)
    await outbox.write(
      { kind: "session", id: sessionId },
      { kind: "change", table: "video_sessions", event: "UPDATE", payload: session },
    );
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
 * delete message (domain TopicBodies): its room answers 404 from now on.
 */
export const deleteSession = (db: Database, sessionId: number) => q.softDeleteSession(db, sessionId);
