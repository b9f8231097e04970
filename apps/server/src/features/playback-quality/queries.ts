import type { PlaybackDelivery, ViewDelta } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// playback_views (041_audience_analytics.sql): one row per view, added to by every write.

/** A view's buffered beacons: who, where, the server's first and latest time, and what they add. */
export interface ViewWrite {
  viewKey: string;
  viewerKey: string;
  viewSessionKey: string;
  sessionId: number;
  userId: number | null;
  delivery: PlaybackDelivery;
  firstAt: Date;
  lastAt: Date;
  delta: ViewDelta;
}

/** Whether beacons may name this session: it exists, and neither it nor its event was deleted. */
export async function sessionTakesBeacons(db: Queryable, sessionId: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM video_sessions s JOIN events e ON e.id = s.event_id
      WHERE s.id = $1 AND s.deleted_at IS NULL AND e.deleted_at IS NULL`,
    [sessionId],
  );
  return rows.length > 0;
}

/**
 * Adds the writes to their views in one statement. A view's key is taken by its first viewer and
 * session: a write naming it with another viewer or session changes nothing. Rows of a session
 * deleted since are dropped, and a user deleted since is not named.
 */
export async function addToViews(db: Queryable, writes: readonly ViewWrite[]): Promise<void> {
  const rows = writes.map(({ delta, ...w }) => ({
    view_key: w.viewKey,
    viewer_key: w.viewerKey,
    view_session_key: w.viewSessionKey,
    video_session_id: w.sessionId,
    user_id: w.userId,
    delivery: w.delivery,
    started_at: w.firstAt.toISOString(),
    last_seen_at: w.lastAt.toISOString(),
    startup_ms: delta.startupMs,
    watch_ms: delta.watchMs,
    rebuffer_count: delta.rebufferCount,
    rebuffer_ms: delta.rebufferMs,
    dropped_frames: delta.droppedFrames,
    rendition_ms: delta.renditionMs,
    max_upscale: delta.maxUpscale,
    error_code: delta.errorCode,
    error_message: delta.errorMessage,
    failed: delta.failed,
    ended: delta.ended,
    rate_exceeded: delta.rateExceeded,
    event_count: delta.eventCount,
  }));
  await db.query(
    `INSERT INTO playback_views AS v (
       view_key, viewer_key, view_session_key, video_session_id, user_id, delivery, started_at, last_seen_at,
       startup_ms, watch_ms, rebuffer_count, rebuffer_ms, dropped_frames, rendition_ms, max_upscale,
       error_code, error_message, failed, ended, rate_exceeded, event_count)
     SELECT r.view_key, r.viewer_key, r.view_session_key, r.video_session_id,
            (SELECT u.id FROM users u WHERE u.id = r.user_id), r.delivery, r.started_at, r.last_seen_at,
            r.startup_ms, r.watch_ms, r.rebuffer_count, r.rebuffer_ms, r.dropped_frames, r.rendition_ms,
            r.max_upscale, r.error_code, r.error_message, r.failed, r.ended, r.rate_exceeded, r.event_count
       FROM jsonb_to_recordset($1::jsonb) AS r(
              view_key text, viewer_key text, view_session_key text, video_session_id bigint, user_id bigint,
              delivery text, started_at timestamptz, last_seen_at timestamptz, startup_ms integer,
              watch_ms bigint, rebuffer_count integer, rebuffer_ms bigint, dropped_frames bigint,
              rendition_ms jsonb, max_upscale real, error_code text, error_message text, failed boolean,
              ended boolean, rate_exceeded boolean, event_count integer)
      WHERE EXISTS (SELECT 1 FROM video_sessions s WHERE s.id = r.video_session_id)
     ON CONFLICT (view_key) DO UPDATE SET
       started_at = least(v.started_at, excluded.started_at),
       last_seen_at = greatest(v.last_seen_at, excluded.last_seen_at),
       startup_ms = least(v.startup_ms, excluded.startup_ms),
       watch_ms = v.watch_ms + excluded.watch_ms,
       rebuffer_count = v.rebuffer_count + excluded.rebuffer_count,
       rebuffer_ms = v.rebuffer_ms + excluded.rebuffer_ms,
       dropped_frames = v.dropped_frames + excluded.dropped_frames,
       rendition_ms = (
         SELECT coalesce(jsonb_object_agg(e.key, e.total), '{}'::jsonb)
           FROM (SELECT key, sum(value::bigint) AS total
                   FROM (SELECT * FROM jsonb_each_text(v.rendition_ms)
                         UNION ALL SELECT * FROM jsonb_each_text(excluded.rendition_ms)) AS both_maps
                  GROUP BY key) AS e),
       max_upscale = greatest(v.max_upscale, excluded.max_upscale),
       error_code = coalesce(excluded.error_code, v.error_code),
       error_message = coalesce(excluded.error_message, v.error_message),
       failed = v.failed OR excluded.failed,
       ended = v.ended OR excluded.ended,
       rate_exceeded = v.rate_exceeded OR excluded.rate_exceeded,
       event_count = v.event_count + excluded.event_count
     WHERE v.viewer_key = excluded.viewer_key AND v.video_session_id = excluded.video_session_id`,
    [JSON.stringify(rows)],
  );
}
