import { randomBytes, randomInt } from "node:crypto";
import type { BroadcastType, DashSession, SessionState, SessionType } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

interface SessionRow {
  id: number;
  url_hash: string;
  title: string;
  description: string;
  time_scheduled: Date;
  duration_minutes: number;
  state: SessionState;
  session_type: SessionType;
  broadcast_type: BroadcastType;
}

const COLUMNS =
  "id, url_hash, title, description, time_scheduled, duration_minutes, state, session_type, broadcast_type";

const toSession = (r: SessionRow): DashSession => ({
  id: r.id,
  urlHash: r.url_hash,
  title: r.title,
  description: r.description,
  timeScheduled: r.time_scheduled.toISOString(),
  durationMinutes: r.duration_minutes,
  state: r.state,
  sessionType: r.session_type,
  broadcastType: r.broadcast_type,
});

export async function listSessions(db: Queryable, eventId: number): Promise<DashSession[]> {
  const rows = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM video_sessions WHERE event_id = $1 AND deleted_at IS NULL ORDER BY time_scheduled, id`,
    [eventId],
  );
  return rows.map(toSession);
}

export async function findSession(db: Queryable, sessionId: number): Promise<DashSession | null> {
  const [row] = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM video_sessions WHERE id = $1 AND deleted_at IS NULL`,
    [sessionId],
  );
  return row ? toSession(row) : null;
}

export async function countSessions(db: Queryable, eventId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM video_sessions WHERE event_id = $1 AND deleted_at IS NULL",
    [eventId],
  );
  return row?.n ?? 0;
}

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";
/** A session's url_hash: 8 random lower-case letters and digits (the /c/{event_code}/{url_hash} segment). */
const newUrlHash = () => Array.from({ length: 8 }, () => ALPHANUMERIC[randomInt(36)]).join("");
/** RTMP ingest keys are secrets: 128 random bits. */
const newStreamKey = () => randomBytes(16).toString("hex");
export const needsStreamKey = (broadcastType: BroadcastType) => broadcastType !== "webrtc";

export interface NewSession {
  title: string;
  description: string;
  timeScheduled: string;
  durationMinutes: number;
  sessionType: SessionType;
  broadcastType: BroadcastType;
}

/** A session with its public and backstage chats (spec 2 §1), and a stream key for RTMP types. */
export async function insertSession(db: Queryable, eventId: number, s: NewSession): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO video_sessions (event_id, url_hash, title, description, time_scheduled, duration_minutes,
                                 session_type, broadcast_type, stream_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      eventId,
      newUrlHash(),
      s.title,
      s.description,
      new Date(s.timeScheduled),
      s.durationMinutes,
      s.sessionType,
      s.broadcastType,
      needsStreamKey(s.broadcastType) ? newStreamKey() : null,
    ],
  );
  if (!row) throw new Error("session insert returned no row");
  await db.query("INSERT INTO chats (video_session_id, chat_type) VALUES ($1, 'public'), ($1, 'backstage')", [
    row.id,
  ]);
  return row.id;
}

/** An RTMP session keeps its key; a session switched to RTMP gets one. */
export async function ensureStreamKey(db: Queryable, sessionId: number): Promise<void> {
  await db.query("UPDATE video_sessions SET stream_key = $2 WHERE id = $1 AND stream_key IS NULL", [
    sessionId,
    newStreamKey(),
  ]);
}

/** Soft delete, unless the session went live meanwhile (then false). */
export async function softDeleteSession(db: Queryable, sessionId: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE video_sessions SET deleted_at = now(), updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL AND state NOT IN ('greenroom', 'broadcasting') RETURNING id`,
    [sessionId],
  );
  return rows.length > 0;
}
