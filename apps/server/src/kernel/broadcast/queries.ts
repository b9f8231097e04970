import type { SessionStream, StreamActiveState } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// video_session_streams: a session's broadcasts (spec 2 §3, §4); streams.ts tells their changes.

interface StreamRow {
  id: number;
  video_session_id: number;
  active_state: StreamActiveState;
  is_recording: boolean;
  live_playback_url: string | null;
  vod_playback_url: string | null;
  broadcast_started_at: Date | null;
  broadcast_ended_at: Date | null;
  deleted_at: Date | null;
  countdown_elapsed_ms: number | null;
}

/** Since the stream opened (go live), by the database's clock: the one measure of the countdown. */
const SINCE_GO_LIVE_MS = "GREATEST(0, EXTRACT(EPOCH FROM (now() - created_at)) * 1000)::float8";

const COLUMNS = `id::int, video_session_id::int, active_state, is_recording, live_playback_url, vod_playback_url,
  broadcast_started_at, broadcast_ended_at, deleted_at,
  CASE WHEN active_state = 'countdown' THEN ${SINCE_GO_LIVE_MS} END AS countdown_elapsed_ms`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toStream = (r: StreamRow): SessionStream => ({
  id: r.id,
  sessionId: r.video_session_id,
  activeState: r.active_state,
  isRecording: r.is_recording,
  livePlaybackUrl: r.live_playback_url,
  vodPlaybackUrl: r.vod_playback_url,
  broadcastStartedAt: iso(r.broadcast_started_at),
  broadcastEndedAt: iso(r.broadcast_ended_at),
  deletedAt: iso(r.deleted_at),
  countdownElapsedMs: r.countdown_elapsed_ms,
});

const ON_AIR_STATES = "('countdown', 'recording', 'streaming')";

/** The stream on air (countdown, recording or streaming), or null. */
export async function findLiveStream(db: Queryable, sessionId: number): Promise<SessionStream | null> {
  const [row] = await db.query<StreamRow>(
    `SELECT ${COLUMNS} FROM video_session_streams
      WHERE video_session_id = $1 AND deleted_at IS NULL AND active_state IN ${ON_AIR_STATES}`,
    [sessionId],
  );
  return row ? toStream(row) : null;
}

/** The on-air stream id of each of these sessions that has one, in one query. */
export async function findLiveStreamIds(db: Queryable, sessionIds: number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db.query<{ video_session_id: number; id: number }>(
    `SELECT video_session_id, id FROM video_session_streams
      WHERE video_session_id = ANY($1::bigint[]) AND deleted_at IS NULL AND active_state IN ${ON_AIR_STATES}`,
    [sessionIds],
  );
  return new Map(rows.map((row) => [Number(row.video_session_id), Number(row.id)]));
}

/** The newest stream that is not deleted (on air or past), or null. */
export async function findLatestStream(db: Queryable, sessionId: number): Promise<SessionStream | null> {
  const [row] = await db.query<StreamRow>(
    `SELECT ${COLUMNS} FROM video_session_streams
      WHERE video_session_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
    [sessionId],
  );
  return row ? toStream(row) : null;
}

export async function findStream(db: Queryable, streamId: number): Promise<SessionStream | null> {
  const [row] = await db.query<StreamRow>(`SELECT ${COLUMNS} FROM video_session_streams WHERE id = $1`, [
    streamId,
  ]);
  return row ? toStream(row) : null;
}

/**
 * How long the go-live countdown (spec 2 §4) still runs for this stream, by the database's clock: the
 * stream goes on air when it is over, so viewers see the program only after the host's countdown.
 * Rounded up and 1 ms more: a Node timer counts whole milliseconds from a truncated start and can fire
 * up to 1 ms early.
 */
export async function countdownLeftMs(db: Queryable, streamId: number, countdownMs: number): Promise<number> {
  const [row] = await db.query<{ left_ms: number }>(
    `SELECT GREATEST(0, CEIL($2 - ${SINCE_GO_LIVE_MS}) + 1)::float8 AS left_ms
       FROM video_session_streams WHERE id = $1`,
    [streamId, countdownMs],
  );
  return row?.left_ms ?? 0;
}

/** Go live: a new stream in `countdown` (the unique index refuses a second one on air). */
export async function insertStream(
  tx: Queryable,
  sessionId: number,
  isRecording: boolean,
): Promise<SessionStream> {
  const [row] = await tx.query<StreamRow>(
    `INSERT INTO video_session_streams (video_session_id, active_state, is_recording)
     VALUES ($1, 'countdown', $2) RETURNING ${COLUMNS}`,
    [sessionId, isRecording],
  );
  if (!row) throw new Error("stream insert returned nothing");
  return toStream(row);
}

/** countdown → recording or streaming, with its URLs; null when the stream was not in countdown. */
export async function updateStreamOnAir(
  tx: Queryable,
  streamId: number,
  urls: { livePlaybackUrl: string; vodPlaybackUrl: string | null },
): Promise<SessionStream | null> {
  const [row] = await tx.query<StreamRow>(
    `UPDATE video_session_streams
        SET active_state = CASE WHEN is_recording THEN 'recording' ELSE 'streaming' END,
            live_playback_url = $2, vod_playback_url = COALESCE($3, vod_playback_url),
            broadcast_started_at = COALESCE(broadcast_started_at, now())
      WHERE id = $1 AND deleted_at IS NULL AND active_state = 'countdown'
      RETURNING ${COLUMNS}`,
    [streamId, urls.livePlaybackUrl, urls.vodPlaybackUrl],
  );
  return row ? toStream(row) : null;
}

/** recording ⇄ streaming while on air; null when nothing changed. */
export async function updateStreamRecording(
  tx: Queryable,
  streamId: number,
  isRecording: boolean,
  vodPlaybackUrl: string | null,
): Promise<SessionStream | null> {
  const [row] = await tx.query<StreamRow>(
    `UPDATE video_session_streams
        SET is_recording = $2,
            active_state = CASE WHEN active_state = 'countdown' THEN active_state
                                WHEN $2 THEN 'recording' ELSE 'streaming' END,
            vod_playback_url = COALESCE($3, vod_playback_url)
      WHERE id = $1 AND deleted_at IS NULL AND active_state IN ${ON_AIR_STATES}
        AND is_recording IS DISTINCT FROM $2
      RETURNING ${COLUMNS}`,
    [streamId, isRecording, vodPlaybackUrl],
  );
  return row ? toStream(row) : null;
}

/** The VOD playlist's URL, set once; null when it was set already. */
export async function updateStreamVodUrl(
  tx: Queryable,
  streamId: number,
  vodPlaybackUrl: string,
): Promise<SessionStream | null> {
  const [row] = await tx.query<StreamRow>(
    `UPDATE video_session_streams SET vod_playback_url = $2
      WHERE id = $1 AND deleted_at IS NULL AND vod_playback_url IS NULL
      RETURNING ${COLUMNS}`,
    [streamId, vodPlaybackUrl],
  );
  return row ? toStream(row) : null;
}

/** The stream leaves the air in `state`; null when it was not on air. */
export async function updateStreamEnded(
  tx: Queryable,
  streamId: number,
  state: "ended" | "error",
): Promise<SessionStream | null> {
  const [row] = await tx.query<StreamRow>(
    `UPDATE video_session_streams SET active_state = $2, broadcast_ended_at = now()
      WHERE id = $1 AND deleted_at IS NULL AND active_state IN ${ON_AIR_STATES}
      RETURNING ${COLUMNS}`,
    [streamId, state],
  );
  return row ? toStream(row) : null;
}

/** Soft-deletes every stream of the session (those on air end); returns them as they are now. */
export async function softDeleteStreams(tx: Queryable, sessionId: number): Promise<SessionStream[]> {
  const rows = await tx.query<StreamRow>(
    `UPDATE video_session_streams SET deleted_at = now(),
            active_state = CASE WHEN active_state IN ${ON_AIR_STATES} THEN 'ended' ELSE active_state END
      WHERE video_session_id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [sessionId],
  );
  return rows.map(toStream);
}
