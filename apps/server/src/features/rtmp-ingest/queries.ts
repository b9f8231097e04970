import type { BroadcastType, LiveStreamStatus, SessionState } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { RtmpInputKey } from "./port";

// The live-stream columns of video_sessions (stream_key, live_stream_id, live_stream_status,
// live_stream_show_captions). Written here rather than through the sessions service: none of them is
// ever published on the session's topic (the key is a secret) and none changes the room.

export interface LiveStreamRow {
  sessionId: number;
  eventId: number;
  state: SessionState;
  broadcastType: BroadcastType;
  isRecording: boolean;
  streamKey: string | null;
  /** LiveKit Ingress's URL for the session's input; null: the embedded listener's. */
  serverUrl: string | null;
  liveStreamId: string | null;
  status: LiveStreamStatus;
  showCaptions: boolean;
}

interface Row {
  id: number;
  event_id: number;
  state: SessionState;
  broadcast_type: BroadcastType;
  is_recording: boolean;
  stream_key: string | null;
  live_stream_server_url: string | null;
  live_stream_id: string | null;
  live_stream_status: LiveStreamStatus;
  live_stream_show_captions: boolean;
}

const COLUMNS = `id::int, event_id::int, state, broadcast_type, is_recording, stream_key, live_stream_server_url,
  live_stream_id,
  live_stream_status, live_stream_show_captions`;

const toLiveStream = (r: Row): LiveStreamRow => ({
  sessionId: r.id,
  eventId: r.event_id,
  state: r.state,
  broadcastType: r.broadcast_type,
  isRecording: r.is_recording,
  streamKey: r.stream_key,
  serverUrl: r.live_stream_server_url,
  liveStreamId: r.live_stream_id,
  status: r.live_stream_status,
  showCaptions: r.live_stream_show_captions,
});

async function one(db: Queryable, where: string, value: string | number): Promise<LiveStreamRow | null> {
  const [row] = await db.query<Row>(
    `SELECT ${COLUMNS} FROM video_sessions WHERE ${where} = $1 AND deleted_at IS NULL`,
    [value],
  );
  return row ? toLiveStream(row) : null;
}

export const findBySession = (db: Queryable, sessionId: number) => one(db, "id", sessionId);
export const findByLiveStreamId = (db: Queryable, liveStreamId: string) =>
  one(db, "live_stream_id", liveStreamId);
export const findByStreamKey = (db: Queryable, streamKey: string) => one(db, "stream_key", streamKey);

async function update(db: Queryable, sessionId: number, set: string, values: unknown[]) {
  const [row] = await db.query<Row>(
    `UPDATE video_sessions SET ${set} WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [sessionId, ...values],
  );
  return row ? toLiveStream(row) : null;
}

/**
 * Create: the id is made once; our own key too (the first one stays), while LiveKit's input (a server
 * URL with it) is what LiveKit answered. A stopped stream takes publishers again.
 */
export const openLiveStream = (db: Queryable, sessionId: number, input: RtmpInputKey, liveStreamId: string) =>
  update(
    db,
    sessionId,
    `stream_key = CASE WHEN $4::text IS NULL THEN COALESCE(stream_key, $2) ELSE $2 END,
     live_stream_server_url = $4, live_stream_id = COALESCE(live_stream_id, $3),
     live_stream_status = CASE WHEN live_stream_status = 'disabled' THEN 'idle' ELSE live_stream_status END`,
    [input.streamKey, liveStreamId, input.serverUrl],
  );

export const setStreamKey = (db: Queryable, sessionId: number, input: RtmpInputKey) =>
  update(db, sessionId, "stream_key = $2, live_stream_server_url = $3", [input.streamKey, input.serverUrl]);

export const setShowCaptions = (db: Queryable, sessionId: number, showCaptions: boolean) =>
  update(db, sessionId, "live_stream_show_captions = $2", [showCaptions]);

/** `active`/`idle` from the ingest never undo a `stop` (disabled stays until create). */
export const setLiveStreamStatus = (db: Queryable, sessionId: number, status: LiveStreamStatus) =>
  update(
    db,
    sessionId,
    status === "disabled"
      ? "live_stream_status = $2"
      : "live_stream_status = CASE WHEN live_stream_status = 'disabled' THEN 'disabled' ELSE $2 END",
    [status],
  );
