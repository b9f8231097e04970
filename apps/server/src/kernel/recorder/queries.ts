import type { Queryable } from "../../platform/database";

// recorder_credentials: the server's recorder's sign-in (credential.ts), and the page it opens.

/** Who a recorder speaks for: the user who went live, in one session's stream. */
export interface RecorderGrant {
  userId: number;
  sessionId: number;
  streamId: number;
}

export interface RecorderScope extends RecorderGrant {
  eventId: number;
  eventCode: string;
  /** The hash of the credential: its sockets share a room, closed when it is revoked. */
  hash: string;
}

export async function insertCredential(
  db: Queryable,
  hash: string,
  grant: RecorderGrant,
  ttlHours: number,
): Promise<void> {
  await db.query(
    `INSERT INTO recorder_credentials (id_hash, user_id, video_session_id, stream_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 hour')`,
    [hash, grant.userId, grant.sessionId, grant.streamId, ttlHours],
  );
}

/** Credentials (r) whose stream (t) is on air and whose session (s) broadcasts. */
const ON_AIR_CREDENTIALS = `recorder_credentials r
  JOIN video_session_streams t ON t.id = r.stream_id AND t.deleted_at IS NULL
   AND t.active_state IN ('countdown', 'recording', 'streaming')
  JOIN video_sessions s ON s.id = r.video_session_id AND s.deleted_at IS NULL AND s.state = 'broadcasting'
   AND r.expires_at > now()`;

/** The credential hashed `hash` while its stream is on air and its session broadcasts, else null. */
export async function findOnAirCredential(db: Queryable, hash: string): Promise<RecorderScope | null> {
  const [row] = await db.query<{
    user_id: number;
    video_session_id: number;
    event_id: number;
    event_code: string;
    stream_id: number;
    id_hash: string;
  }>(
    `SELECT r.user_id, r.video_session_id, s.event_id, e.event_code, r.stream_id, r.id_hash
       FROM ${ON_AIR_CREDENTIALS}
       JOIN events e ON e.id = s.event_id AND e.deleted_at IS NULL
      WHERE r.id_hash = $1`,
    [hash],
  );
  if (!row) return null;
  return {
    userId: Number(row.user_id),
    sessionId: Number(row.video_session_id),
    eventId: Number(row.event_id),
    eventCode: row.event_code,
    streamId: Number(row.stream_id),
    hash: row.id_hash,
  };
}

export async function onAirGrants(db: Queryable): Promise<RecorderGrant[]> {
  const rows = await db.query<{ user_id: number; video_session_id: number; stream_id: number }>(
    `SELECT DISTINCT r.user_id, r.video_session_id, r.stream_id FROM ${ON_AIR_CREDENTIALS}`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    sessionId: Number(row.video_session_id),
    streamId: Number(row.stream_id),
  }));
}

/** Deletes the session's credentials; returns their hashes. */
export async function deleteSessionCredentials(db: Queryable, sessionId: number): Promise<string[]> {
  const rows = await db.query<{ id_hash: string }>(
    "DELETE FROM recorder_credentials WHERE video_session_id = $1 RETURNING id_hash",
    [sessionId],
  );
  return rows.map((row) => row.id_hash);
}

/** What names the session's room page: its event's code and its own URL hash. */
export async function findRoomAddress(
  db: Queryable,
  sessionId: number,
): Promise<{ eventCode: string; urlHash: string } | null> {
  const [row] = await db.query<{ event_code: string; url_hash: string }>(
    `SELECT e.event_code, s.url_hash FROM video_sessions s JOIN events e ON e.id = s.event_id
      WHERE s.id = $1`,
    [sessionId],
  );
  return row ? { eventCode: row.event_code, urlHash: row.url_hash } : null;
}
