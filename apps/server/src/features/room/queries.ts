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

/** Spec 2 §8: the live attendee limit of the channel's current plan; null when the plan sets none. */
export async function findLiveAttendeeLimit(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<number | null> {
  const [row] = await db.query<{ limit: number | null }>(
    `SELECT p.live_attendee_limit AS "limit"
       FROM subscriptions su JOIN plans p ON p.id = su.plan_id
      WHERE su.organization_id = $1 AND su.start_date <= $2
      ORDER BY su.start_date DESC LIMIT 1`,
    [organizationId, now],
  );
  return row?.limit ?? null;
}
