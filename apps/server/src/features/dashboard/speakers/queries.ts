import type { EventRole, EventSpeaker, SpeakerInvite } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";
import {
  INVITE_COLUMNS,
  type InviteRow,
  OPEN_INVITE_KEY,
  type SpeakerInviteRecord,
  toRecord,
} from "../invites/queries";

// An event's speakers (events_users_roles, spec 1 §6: recorded per video session) and its open speaker
// invitations (team_invites with event_id, migration 032).

/** Which of these ids are live sessions of the event. */
export async function sessionsOfEvent(
  db: Queryable,
  eventId: number,
  sessionIds: number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id::int FROM video_sessions WHERE event_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL`,
    [eventId, sessionIds],
  );
  return rows.map((r) => r.id);
}

/** The event's open invitation to the address, renewed with the sessions added, or a new one. */
export async function upsertSpeakerInvite(
  db: Queryable,
  input: {
    organizationId: number;
    eventId: number;
    email: string;
    sessionIds: number[];
    invitedBy: number;
    ttlMinutes: number;
  },
): Promise<SpeakerInviteRecord> {
  const [row] = await db.query<InviteRow>(
    `INSERT INTO team_invites (organization_id, event_id, video_session_ids, email, role, invited_by, expires_at)
     VALUES ($1, $2, $3::bigint[], $4, 'speaker', $5, now() + $6 * interval '1 minute')
     ON CONFLICT ${OPEN_INVITE_KEY}
     DO UPDATE SET invited_by = EXCLUDED.invited_by, expires_at = EXCLUDED.expires_at,
       video_session_ids = ARRAY(SELECT DISTINCT unnest(team_invites.video_session_ids || EXCLUDED.video_session_ids))
     RETURNING ${INVITE_COLUMNS}`,
    [input.organizationId, input.eventId, input.sessionIds, input.email, input.invitedBy, input.ttlMinutes],
  );
  const record = row && toRecord(row);
  if (!record || record.eventId === null)
    throw new Error("speaker invite upsert returned no speaker invitation");
  return record;
}

export const toSpeakerInvite = (r: SpeakerInviteRecord): SpeakerInvite => ({
  id: r.id,
  email: r.email,
  sessionIds: [...r.sessionIds].sort((a, b) => a - b),
  expiresAt: new Date(r.expiresAt).toISOString(),
});

/** Not accepted nor revoked; expired ones too, so the team sees whom to invite again. */
export async function listSpeakerInvites(db: Queryable, eventId: number): Promise<SpeakerInvite[]> {
  const rows = await db.query<InviteRow>(
    `SELECT ${INVITE_COLUMNS} FROM team_invites
      WHERE event_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL
      ORDER BY created_at DESC, id DESC`,
    [eventId],
  );
  return rows.flatMap((r) => {
    const record = toRecord(r);
    return record.eventId === null ? [] : [toSpeakerInvite(record)];
  });
}

export async function listSpeakers(db: Queryable, eventId: number): Promise<EventSpeaker[]> {
  const rows = await db.query<{
    user_id: number;
    email: string;
    first_name: string;
    last_name: string;
    video_session_ids: number[];
  }>(
    `SELECT r.user_id::int, u.email, u.first_name, u.last_name, r.video_session_ids::int[]
       FROM events_users_roles r JOIN users u ON u.id = r.user_id
      WHERE r.event_id = $1 AND r.event_role = 'speaker'
      ORDER BY u.first_name, u.last_name, r.user_id`,
    [eventId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    sessionIds: [...r.video_session_ids].sort((a, b) => a - b),
  }));
}

/** The user's role on the event, locked until the transaction ends (null: none yet). */
export async function lockEventRole(
  tx: Queryable,
  eventId: number,
  userId: number,
): Promise<EventRole | null> {
  const [row] = await tx.query<{ event_role: EventRole }>(
    "SELECT event_role FROM events_users_roles WHERE event_id = $1 AND user_id = $2 FOR UPDATE",
    [eventId, userId],
  );
  return row?.event_role ?? null;
}

/** Sets the role and adds the sessions that are still the event's to those the user speaks in. */
export async function grantSessions(
  tx: Queryable,
  input: { eventId: number; userId: number; role: EventRole; sessionIds: number[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO events_users_roles (event_id, user_id, event_role, video_session_ids)
     SELECT $1, $2, $3, ARRAY(SELECT id FROM video_sessions
                               WHERE event_id = $1 AND id = ANY($4::bigint[]) AND deleted_at IS NULL)
     ON CONFLICT (event_id, user_id) DO UPDATE
       SET event_role = EXCLUDED.event_role, updated_at = now(),
           video_session_ids = ARRAY(SELECT DISTINCT unnest(events_users_roles.video_session_ids
                                                          || EXCLUDED.video_session_ids))`,
    [input.eventId, input.userId, input.role, input.sessionIds],
  );
}

/** What the invitation mail names: the event and the chosen sessions, in their order. */
export async function speakerInviteContext(
  db: Queryable,
  eventId: number,
  sessionIds: number[],
): Promise<{ eventTitle: string; sessionTitles: string[] }> {
  const [event] = await db.query<{ title: string }>("SELECT title FROM events WHERE id = $1", [eventId]);
  const sessions = await db.query<{ title: string }>(
    `SELECT title FROM video_sessions WHERE event_id = $1 AND id = ANY($2::bigint[]) AND title <> ''
      ORDER BY time_scheduled, id`,
    [eventId, sessionIds],
  );
  return { eventTitle: event?.title ?? "an event", sessionTitles: sessions.map((s) => s.title) };
}
