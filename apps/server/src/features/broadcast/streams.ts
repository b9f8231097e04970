import type { SessionStream, StreamActiveState } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { Outbox } from "../../platform/realtime/outbox";

// The one home of video_session_streams: a session's broadcasts (spec 2 §3, §4). Writes run in the
// caller's transaction and tell the session topic through its outbox.

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

async function announce(outbox: Outbox, event: "INSERT" | "UPDATE", row: StreamRow | undefined) {
  if (!row) return null;
  const stream = toStream(row);
  await outbox.write(
    { kind: "session", id: stream.sessionId },
    { kind: "change", table: "video_session_streams", event, payload: stream },
  );
  return stream;
}

/**
 * Go live: a new stream in `countdown`. The unique index allows one stream on air per session, so a
 * second go-live in a race fails here rather than opening two pipelines.
 */
export async function openStream(
  tx: Queryable,
  outbox: Outbox,
  sessionId: number,
  isRecording: boolean,
): Promise<SessionStream> {
  const [row] = await tx.query<StreamRow>(
    `INSERT INTO video_session_streams (video_session_id, active_state, is_recording)
     VALUES ($1, 'countdown', $2) RETURNING ${COLUMNS}`,
    [sessionId, isRecording],
  );
  const stream = await announce(outbox, "INSERT", row);
  if (!stream) throw new Error("stream insert returned nothing");
  return stream;
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

/** The pipeline wrote its first playlist: countdown → recording or streaming, with its URLs. */
export async function markStreamOnAir(
  tx: Queryable,
  outbox: Outbox,
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
  return announce(outbox, "UPDATE", row);
}

/** Start or pause recording while on air (spec 2 §4): recording ⇄ streaming. */
export async function setStreamRecording(
  tx: Queryable,
  outbox: Outbox,
  streamId: number,
  isRecording: boolean,
  vodPlaybackUrl: string | null = null,
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
  return announce(outbox, "UPDATE", row);
}

/** The recording's first segment was written: the stream gets its VOD playlist's URL (once). */
export async function setStreamVodUrl(
  tx: Queryable,
  outbox: Outbox,
  streamId: number,
  vodPlaybackUrl: string,
): Promise<SessionStream | null> {
  const [row] = await tx.query<StreamRow>(
    `UPDATE video_session_streams SET vod_playback_url = $2
      WHERE id = $1 AND deleted_at IS NULL AND vod_playback_url IS NULL
      RETURNING ${COLUMNS}`,
    [streamId, vodPlaybackUrl],
  );
  return announce(outbox, "UPDATE", row);
}

/** End live (or a failed start: `error`): the stream leaves the air; its recording stays. */
export async function endStream(
  tx: Queryable,
  outbox: Outbox,
  streamId: number,
  state: "ended" | "error" = "ended",
): Promise<SessionStream | null> {
  const [row] = await tx.query<StreamRow>(
    `UPDATE video_session_streams SET active_state = $2, broadcast_ended_at = now()
      WHERE id = $1 AND deleted_at IS NULL AND active_state IN ${ON_AIR_STATES}
      RETURNING ${COLUMNS}`,
    [streamId, state],
  );
  return announce(outbox, "UPDATE", row);
}

/**
 * Reset session: every stream of the session is soft-deleted (spec 2 §4 clears the current stream);
 * returns their ids, whose media the program feed removes after commit (issue 23 §2.3).
 */
export async function deleteStreams(tx: Queryable, outbox: Outbox, sessionId: number): Promise<number[]> {
  const rows = await tx.query<StreamRow>(
    `UPDATE video_session_streams SET deleted_at = now(),
            active_state = CASE WHEN active_state IN ${ON_AIR_STATES} THEN 'ended' ELSE active_state END
      WHERE video_session_id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [sessionId],
  );
  for (const row of rows) await announce(outbox, "UPDATE", row);
  return rows.map((row) => row.id);
}
