import type { SpeakingEvent } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

export async function registeredEventIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ event_id: number }>(
    "SELECT event_id FROM event_registrations WHERE user_id = $1",
    [userId],
  );
  return rows.map((r) => r.event_id);
}

/** Events of the user's channels, and events where they are host, owner, admin or moderator. */
export async function hostedEventIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT e.id FROM events e JOIN organization_members om ON om.organization_id = e.organization_id
      WHERE om.user_id = $1
     UNION
     SELECT event_id FROM events_users_roles
      WHERE user_id = $1 AND event_role IN ('host', 'owner', 'admin', 'moderator')`,
    [userId],
  );
  return rows.map((r) => r.id);
}

type SpeakerSession = SpeakingEvent["sessions"][number] & { eventId: number };

/** The live sessions the user speaks in, by event, in their order. */
export async function speakerSessions(db: Queryable, userId: number): Promise<SpeakerSession[]> {
  const rows = await db.query<{
    event_id: number;
    url_hash: string;
    title: string;
    time_scheduled: Date;
    state: SpeakerSession["state"];
  }>(
    `SELECT s.event_id::int, s.url_hash, s.title, s.time_scheduled, s.state
       FROM events_users_roles r JOIN video_sessions s ON s.id = ANY(r.video_session_ids) AND s.event_id = r.event_id
      WHERE r.user_id = $1 AND r.event_role = 'speaker' AND s.deleted_at IS NULL
      ORDER BY s.time_scheduled, s.id`,
    [userId],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    urlHash: r.url_hash,
    title: r.title,
    timeScheduled: r.time_scheduled.toISOString(),
    state: r.state,
  }));
}
