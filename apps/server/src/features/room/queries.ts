import type { ChatType } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

/** The chats of a session, public first. */
export function listChats(db: Queryable, sessionId: number) {
  return db.query<{ id: number; chatType: ChatType }>(
    `SELECT id, chat_type AS "chatType" FROM chats WHERE video_session_id = $1
      ORDER BY chat_type = 'backstage', id`,
    [sessionId],
  );
}

/** Registrations of the event and users live in the session within the window. */
export async function roomCounts(
  db: Queryable,
  ids: { eventId: number; sessionId: number },
  liveSince: Date,
): Promise<{ registeredCount: number; liveCount: number }> {
  const [r] = await db.query<{ registered: number; live: number }>(
    `SELECT (SELECT count(*)::int FROM event_registrations WHERE event_id = $1) AS registered,
            (SELECT count(*)::int FROM video_session_users
              WHERE video_session_id = $2 AND state <> 'offline' AND last_seen >= $3) AS live`,
    [ids.eventId, ids.sessionId, liveSince],
  );
  return { registeredCount: r?.registered ?? 0, liveCount: r?.live ?? 0 };
}

/** Spec 2 §4: whether the go-live popover offers to notify followers. */
export async function countFollowers(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM followers WHERE organization_id = $1",
    [organizationId],
  );
  return row?.n ?? 0;
}
