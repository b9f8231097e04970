import { randomBytes, randomInt } from "node:crypto";
import {
  type BroadcastType,
  clearsQaOnStage,
  type RoomSession,
  type SessionState,
  type SessionType,
  type VideoSessionSummary,
  type ViewerDelivery,
} from "@onstage/domain";
import { type Queryable, statement } from "../../platform/database";
import { iso, updateColumns } from "../../platform/database/rows";

// The one home of video_sessions SQL: every write, and the row → domain shapes the pages read.

interface SummaryRow {
  id: number;
  url_hash: string;
  title: string;
  description: string;
  time_scheduled: Date;
  duration_minutes: number;
  time_broadcast_end: Date | null;
  state: SessionState;
  session_type: SessionType;
  broadcast_type: BroadcastType;
  has_recording: boolean;
}

// A reset deletes the old streams: only a current stream's recording counts.
const SUMMARY_COLUMNS = `id, url_hash, title, description, time_scheduled, duration_minutes, time_broadcast_end, state,
  session_type, broadcast_type,
  EXISTS (SELECT 1 FROM video_session_streams s WHERE s.video_session_id = video_sessions.id
           AND s.deleted_at IS NULL AND s.vod_playback_url IS NOT NULL) AS has_recording`;

const toSummary = (r: SummaryRow): VideoSessionSummary => ({
  id: r.id,
  urlHash: r.url_hash,
  title: r.title,
  description: r.description,
  timeScheduled: r.time_scheduled.toISOString(),
  durationMinutes: r.duration_minutes,
  timeBroadcastEnd: iso(r.time_broadcast_end),
  state: r.state,
  sessionType: r.session_type,
  broadcastType: r.broadcast_type,
  hasRecording: r.has_recording,
});

const LIST_SESSIONS = statement(
  "list_sessions",
  `SELECT ${SUMMARY_COLUMNS} FROM video_sessions WHERE event_id = $1 AND deleted_at IS NULL
    ORDER BY time_scheduled, id`,
);

/** An event's sessions in schedule order, as the event page and the dashboard list them. */
export async function listSessions(db: Queryable, eventId: number): Promise<VideoSessionSummary[]> {
  const rows = await db.query<SummaryRow>(LIST_SESSIONS, [eventId]);
  return rows.map(toSummary);
}

/** The event's regular sessions that have not ended, soonest first (`sessionId` narrows to one). */
export async function findUpcomingSessions(
  db: Queryable,
  eventId: number,
  sessionId: number | null = null,
): Promise<VideoSessionSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM video_sessions
     WHERE event_id = $1 AND ($2::bigint IS NULL OR id = $2) AND deleted_at IS NULL
       AND session_type = 'regular' AND state <> 'ended'
     ORDER BY time_scheduled, id`,
    [eventId, sessionId],
  );
  return rows.map(toSummary);
}

export async function findSession(db: Queryable, sessionId: number): Promise<VideoSessionSummary | null> {
  const [row] = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM video_sessions WHERE id = $1 AND deleted_at IS NULL`,
    [sessionId],
  );
  return row ? toSummary(row) : null;
}

export async function countSessions(db: Queryable, eventId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM video_sessions WHERE event_id = $1 AND deleted_at IS NULL",
    [eventId],
  );
  return row?.n ?? 0;
}

/** The room's columns of `vs` (joined with its event `e`), for queries that read more beside them. */
export const ROOM_SESSION_COLUMNS = `
  vs.id AS session_id, vs.title, vs.state, vs.session_type, vs.broadcast_type, vs.hide_audience, vs.disable_chat,
  vs.allow_raising_hands, vs.open_stage, vs.disable_qa, vs.qa_show_on_stage, vs.qa_truncate_on_stage,
  vs.is_recording, vs.time_broadcast_start, vs.show_to_all, vs.viewer_delivery,
  vs.time_broadcast_end,
  (SELECT json_build_object('questionId', sq.id, 'content', sq.content, 'firstName', su.first_name,
                            'lastName', su.last_name)
     FROM questions sq JOIN users su ON su.id = sq.user_id
    WHERE sq.id = vs.qa_on_stage_question_id) AS qa_on_stage`;

export interface RoomSessionRow {
  session_id: number;
  event_id: number;
  organization_id: number;
  title: string;
  state: SessionState;
  session_type: SessionType;
  broadcast_type: BroadcastType;
  hide_audience: boolean;
  disable_chat: boolean;
  allow_raising_hands: boolean;
  open_stage: boolean;
  disable_qa: boolean;
  qa_show_on_stage: boolean;
  qa_truncate_on_stage: boolean;
  qa_on_stage: RoomSession["qaOnStage"];
  is_recording: boolean;
  time_broadcast_start: Date | null;
  time_broadcast_end: Date | null;
  show_to_all: boolean;
  viewer_delivery: ViewerDelivery;
}

export const toRoomSession = (r: RoomSessionRow): RoomSession => ({
  id: r.session_id,
  eventId: r.event_id,
  organizationId: r.organization_id,
  title: r.title,
  state: r.state,
  sessionType: r.session_type,
  broadcastType: r.broadcast_type,
  hideAudience: r.hide_audience,
  disableChat: r.disable_chat,
  allowRaisingHands: r.allow_raising_hands,
  openStage: r.open_stage,
  disableQa: r.disable_qa,
  qaShowOnStage: r.qa_show_on_stage,
  qaTruncateOnStage: r.qa_truncate_on_stage,
  // Both drivers hand json back parsed; a bigint id comes back as a number inside json.
  qaOnStage: r.qa_on_stage,
  isRecording: r.is_recording,
  timeBroadcastStart: iso(r.time_broadcast_start),
  timeBroadcastEnd: iso(r.time_broadcast_end),
  showToAll: r.show_to_all,
  delivery: r.viewer_delivery,
});

/** The session as the room shows it (and its topic carries it); null when gone. */
export async function findRoomSession(db: Queryable, sessionId: number): Promise<RoomSession | null> {
  const [row] = await db.query<RoomSessionRow>(
    `SELECT ${ROOM_SESSION_COLUMNS}, e.id AS event_id, e.organization_id
       FROM video_sessions vs JOIN events e ON e.id = vs.event_id
      WHERE vs.id = $1 AND vs.deleted_at IS NULL`,
    [sessionId],
  );
  return row ? toRoomSession(row) : null;
}

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";
/** A session's url_hash: 8 random lower-case letters and digits (the /c/{event_code}/{url_hash} segment). */
const newUrlHash = () => Array.from({ length: 8 }, () => ALPHANUMERIC[randomInt(36)]).join("");
/** RTMP ingest keys are secrets: 128 random bits. */
const newStreamKey = () => randomBytes(16).toString("hex");
const needsStreamKey = (broadcastType: BroadcastType) => broadcastType !== "webrtc";

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

/** Spec 2 §7: toggle-chat decides under the row's lock; null when the session is gone. */
export async function lockChatDisabled(tx: Queryable, sessionId: number): Promise<boolean | null> {
  const [row] = await tx.query<{ disable_chat: boolean }>(
    "SELECT disable_chat FROM video_sessions WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    [sessionId],
  );
  return row ? row.disable_chat : null;
}

/** The row a session-control move decides on, locked until the transaction ends; null when gone. */
export async function lockSessionControl(
  tx: Queryable,
  sessionId: number,
): Promise<{ state: SessionState; broadcastType: BroadcastType; isRecording: boolean } | null> {
  const [row] = await tx.query<{ state: SessionState; broadcast_type: BroadcastType; is_recording: boolean }>(
    "SELECT state, broadcast_type, is_recording FROM video_sessions WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    [sessionId],
  );
  return row ? { state: row.state, broadcastType: row.broadcast_type, isRecording: row.is_recording } : null;
}

export interface SessionPatch extends Partial<NewSession> {
  disableChat?: boolean;
  state?: SessionState;
  isRecording?: boolean;
  allowRaisingHands?: boolean;
  openStage?: boolean;
  hideAudience?: boolean;
  disableQa?: boolean;
  showToAll?: boolean;
  viewerDelivery?: ViewerDelivery;
  qaShowOnStage?: boolean;
  qaTruncateOnStage?: boolean;
  /** null clears it (a reset). */
  timeBroadcastStart?: Date | null;
  timeBroadcastEnd?: Date | null;
}

/**
 * Sets the given fields (undefined ones stay); false when there was none. A session switched to
 * RTMP gets a stream key if it has none; one that had a key keeps it.
 */
export async function updateSession(tx: Queryable, sessionId: number, p: SessionPatch): Promise<boolean> {
  const changed = await updateColumns(
    tx,
    "video_sessions",
    sessionId,
    {
      title: p.title,
      description: p.description,
      time_scheduled: p.timeScheduled === undefined ? undefined : new Date(p.timeScheduled),
      duration_minutes: p.durationMinutes,
      session_type: p.sessionType,
      broadcast_type: p.broadcastType,
      disable_chat: p.disableChat,
      state: p.state,
      is_recording: p.isRecording,
      allow_raising_hands: p.allowRaisingHands,
      open_stage: p.openStage,
      hide_audience: p.hideAudience,
      disable_qa: p.disableQa,
      show_to_all: p.showToAll,
      viewer_delivery: p.viewerDelivery,
      qa_show_on_stage: p.qaShowOnStage,
      qa_truncate_on_stage: p.qaTruncateOnStage,
      qa_on_stage_question_id: clearsQaOnStage(p) ? null : undefined,
      time_broadcast_start: p.timeBroadcastStart,
      time_broadcast_end: p.timeBroadcastEnd,
    },
    { touch: true },
  );
  if (p.broadcastType && needsStreamKey(p.broadcastType))
    await tx.query("UPDATE video_sessions SET stream_key = $2 WHERE id = $1 AND stream_key IS NULL", [
      sessionId,
      newStreamKey(),
    ]);
  return changed;
}

/**
 * Issue 12: answering puts a question on stage while the session broadcasts with 'Show on stage' on;
 * hiding takes that question off (and only that one: another may have replaced it meanwhile). Decided
 * in one statement, so two team members racing leave one answer; false when nothing changed.
 */
export async function moveQaOnStage(
  tx: Queryable,
  sessionId: number,
  move: { show: number } | { hide: number },
): Promise<boolean> {
  const rows =
    "show" in move
      ? await tx.query(
          `UPDATE video_sessions SET qa_on_stage_question_id = $2, updated_at = now()
            WHERE id = $1 AND state = 'broadcasting' AND qa_show_on_stage
              AND qa_on_stage_question_id IS DISTINCT FROM $2 RETURNING id`,
          [sessionId, move.show],
        )
      : await tx.query(
          `UPDATE video_sessions SET qa_on_stage_question_id = NULL, updated_at = now()
            WHERE id = $1 AND qa_on_stage_question_id = $2 RETURNING id`,
          [sessionId, move.hide],
        );
  return rows.length > 0;
}

/** Takes a user's questions off the stages of these events (they were banned); the sessions changed. */
export async function clearQaOnStageByAuthor(
  tx: Queryable,
  userId: number,
  eventIds: readonly number[],
): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE video_sessions s SET qa_on_stage_question_id = NULL, updated_at = now()
       FROM questions qu
      WHERE qu.id = s.qa_on_stage_question_id AND qu.user_id = $1 AND s.event_id = ANY($2::int[])
      RETURNING s.id`,
    [userId, eventIds],
  );
  return rows.map((r) => r.id);
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
