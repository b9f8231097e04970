import type { EngagementKind, QualityBreakdown, QualityView, RegistrationSourceKind } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

// The team's read of the audience (issue 28 §2): attendance_spans and playback_views (041), the
// room's own tables for engagement, event_registrations and analytics_events for sources.

export interface SessionTimes {
  eventId: number;
  title: string;
  state: string;
  startedAt: Date | null;
  endedAt: Date | null;
  /** The first and the last moment anyone was there or played, with the broadcast's own times. */
  first: Date | null;
  last: Date | null;
}

export async function findSessionTimes(
  db: Queryable,
  sessionId: number,
  now: Date,
): Promise<SessionTimes | null> {
  const [row] = await db.query<SessionTimes>(
    `SELECT s.event_id AS "eventId", s.title, s.state,
            s.time_broadcast_start AS "startedAt", s.time_broadcast_end AS "endedAt",
            least(s.time_broadcast_start,
                  (SELECT min(started_at) FROM attendance_spans WHERE video_session_id = s.id),
                  (SELECT min(started_at) FROM playback_views WHERE video_session_id = s.id)) AS first,
            greatest(coalesce(s.time_broadcast_end, CASE WHEN s.state = 'broadcasting' THEN $2::timestamptz END),
                     (SELECT max(last_seen_at) FROM attendance_spans WHERE video_session_id = s.id),
                     (SELECT max(last_seen_at) FROM playback_views WHERE video_session_id = s.id)) AS last
       FROM video_sessions s WHERE s.id = $1 AND s.deleted_at IS NULL`,
    [sessionId, now],
  );
  return row ?? null;
}

export interface Interval {
  from: Date;
  to: Date;
}

export async function attendanceSpans(db: Queryable, sessionId: number): Promise<Interval[]> {
  return db.query<Interval>(
    `SELECT started_at AS "from", last_seen_at AS "to" FROM attendance_spans WHERE video_session_id = $1`,
    [sessionId],
  );
}

export interface AttendeeRow {
  userId: number;
  name: string;
  email: string;
  firstSeen: Date;
  lastSeen: Date;
  seconds: number;
  visits: number;
}

/** Everyone who was live in the session, longest first. */
export async function listAttendees(db: Queryable, sessionId: number): Promise<AttendeeRow[]> {
  return db.query<AttendeeRow>(
    `SELECT a.user_id AS "userId", u.full_name AS name, u.email,
            min(a.started_at) AS "firstSeen", max(a.last_seen_at) AS "lastSeen",
            sum(extract(epoch FROM a.last_seen_at - a.started_at))::float8 AS seconds, count(*)::int AS visits
       FROM attendance_spans a JOIN users u ON u.id = a.user_id
      WHERE a.video_session_id = $1
      GROUP BY a.user_id, u.full_name, u.email
      ORDER BY seconds DESC, a.user_id`,
    [sessionId],
  );
}

/** Audience actions per minute and kind: the public chat, Q&A, polls, reactions, CTAs, donations. */
export async function engagementCounts(
  db: Queryable,
  sessionId: number,
): Promise<{ minute: Date; kind: EngagementKind; n: number }[]> {
  return db.query(
    `WITH acts AS (
       SELECT m.created_at AS at, 'chat' AS kind
         FROM chat_messages m JOIN chats c ON c.id = m.chat_id
        WHERE c.video_session_id = $1 AND c.chat_type = 'public'
       UNION ALL SELECT q."timestamp", 'questions' FROM questions q WHERE q.video_session_id = $1
       UNION ALL SELECT u.created_at, 'upvotes'
         FROM question_upvotes u JOIN questions q ON q.id = u.question_id WHERE q.video_session_id = $1
       UNION ALL SELECT a.created_at, 'pollAnswers'
         FROM poll_answers a JOIN polls p ON p.id = a.poll_id WHERE p.session_id = $1
       UNION ALL SELECT r.created_at, 'reactions'
         FROM chat_reactions r JOIN chats c ON c.id = r.chat_id
        WHERE c.video_session_id = $1 AND c.chat_type = 'public'
       UNION ALL SELECT k.created_at, 'ctaClicks'
         FROM offer_clicks k JOIN custom_elements e ON e.id = k.custom_element_id WHERE e.video_session_id = $1
       UNION ALL SELECT t.created_at, 'donations'
         FROM transactions t WHERE t.video_session_id = $1 AND t.kind = 'donation' AND t.status = 'paid'
     )
     SELECT date_trunc('minute', at) AS minute, kind, count(*)::int AS n
       FROM acts GROUP BY 1, 2 ORDER BY 1`,
    [sessionId],
  );
}

export interface QualityTotals {
  views: number;
  viewers: number;
  startupP50Ms: number | null;
  startupP95Ms: number | null;
  watchMs: number;
  rebufferMs: number;
  failures: number;
  exitsBeforeStart: number;
}

/**
 * The session's views in figures. An exit before start: a view that ended, or went quiet for longer
 * than a view session lasts (`quietBefore`), without a first frame or a failure.
 */
export async function qualityTotals(
  db: Queryable,
  sessionId: number,
  quietBefore: Date,
): Promise<QualityTotals> {
  const [row] = await db.query<QualityTotals>(
    `SELECT count(*)::int AS views, count(DISTINCT viewer_key)::int AS viewers,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY startup_ms) AS "startupP50Ms",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY startup_ms) AS "startupP95Ms",
            coalesce(sum(watch_ms), 0)::float8 AS "watchMs", coalesce(sum(rebuffer_ms), 0)::float8 AS "rebufferMs",
            (count(*) FILTER (WHERE failed))::int AS failures,
            (count(*) FILTER (WHERE startup_ms IS NULL AND NOT failed AND (ended OR last_seen_at < $2)))::int
              AS "exitsBeforeStart"
       FROM playback_views WHERE video_session_id = $1`,
    [sessionId, quietBefore],
  );
  return row as QualityTotals;
}

export async function viewIntervals(
  db: Queryable,
  sessionId: number,
): Promise<(Interval & { delivery: "hls" | "webrtc" })[]> {
  return db.query(
    `SELECT delivery, started_at AS "from", last_seen_at AS "to" FROM playback_views WHERE video_session_id = $1`,
    [sessionId],
  );
}

export async function qualityByDelivery(db: Queryable, sessionId: number) {
  return db.query<{ key: string; views: number; watchMs: number; rebufferMs: number }>(
    `SELECT delivery AS key, count(*)::int AS views, sum(watch_ms)::float8 AS "watchMs",
            sum(rebuffer_ms)::float8 AS "rebufferMs"
       FROM playback_views WHERE video_session_id = $1 GROUP BY delivery ORDER BY delivery`,
    [sessionId],
  );
}

export async function qualityByRendition(db: Queryable, sessionId: number): Promise<QualityBreakdown[]> {
  const rows = await db.query<{ key: string; views: number; watchMs: number }>(
    `SELECT r.key, count(*)::int AS views, sum(r.value::bigint)::float8 AS "watchMs"
       FROM playback_views v CROSS JOIN LATERAL jsonb_each_text(v.rendition_ms) AS r
      WHERE v.video_session_id = $1 GROUP BY r.key ORDER BY 3 DESC`,
    [sessionId],
  );
  return rows.map((row) => ({ ...row, rebufferPercent: null }));
}

export async function listViews(
  db: Queryable,
  sessionId: number,
  input: { limit: number | null; quietBefore: Date },
): Promise<QualityView[]> {
  const rows = await db.query<
    Omit<QualityView, "startedAt" | "rendition"> & { startedAt: Date; renditions: Record<string, string> }
  >(
    `SELECT v.delivery, u.full_name AS "viewerName", v.started_at AS "startedAt", v.startup_ms AS "startupMs",
            v.watch_ms::float8 AS "watchMs", v.rebuffer_count AS "rebufferCount", v.rebuffer_ms::float8 AS "rebufferMs",
            v.dropped_frames::float8 AS "droppedFrames", v.rendition_ms AS renditions, v.max_upscale AS "maxUpscale",
            v.failed, v.error_code AS "errorCode",
            (v.startup_ms IS NULL AND NOT v.failed AND (v.ended OR v.last_seen_at < $3)) AS "exitedBeforeStart"
       FROM playback_views v LEFT JOIN users u ON u.id = v.user_id
      WHERE v.video_session_id = $1 ORDER BY v.started_at DESC, v.id DESC LIMIT $2`,
    [sessionId, input.limit, input.quietBefore],
  );
  return rows.map(({ renditions, startedAt, ...view }) => ({
    ...view,
    startedAt: startedAt.toISOString(),
    // The rendition watched longest.
    rendition: Object.entries(renditions).sort(([, a], [, b]) => Number(b) - Number(a))[0]?.[0] ?? null,
  }));
}

export interface SourceCount {
  kind: RegistrationSourceKind;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  n: number;
}

/** Registrations by where they came from: a clip, a utm link, or straight to the page. */
export async function registrationSources(db: Queryable, eventId: number): Promise<SourceCount[]> {
  return db.query<SourceCount>(
    `SELECT CASE WHEN r.clip_id IS NOT NULL THEN 'clip'
                 WHEN coalesce(r.utm_source, r.utm_medium, r.utm_campaign) IS NOT NULL THEN 'utm'
                 ELSE 'direct' END AS kind,
            CASE WHEN r.clip_id IS NOT NULL THEN c.title ELSE r.utm_source END AS source,
            CASE WHEN r.clip_id IS NULL THEN r.utm_medium END AS medium,
            CASE WHEN r.clip_id IS NULL THEN r.utm_campaign END AS campaign,
            count(*)::int AS n
       FROM event_registrations r LEFT JOIN clips c ON c.id = r.clip_id
      WHERE r.event_id = $1 GROUP BY 1, 2, 3, 4`,
    [eventId],
  );
}

/** Event-page views ('view-event-page-next-page') by the same sources. */
export async function pageViewSources(db: Queryable, eventId: number): Promise<SourceCount[]> {
  return db.query<SourceCount>(
    `SELECT CASE WHEN a.properties ? 'clipId' THEN 'clip'
                 WHEN coalesce(a.properties->>'utm_source', a.properties->>'utm_medium',
                               a.properties->>'utm_campaign') IS NOT NULL THEN 'utm'
                 ELSE 'direct' END AS kind,
            CASE WHEN a.properties ? 'clipId' THEN c.title ELSE a.properties->>'utm_source' END AS source,
            CASE WHEN a.properties ? 'clipId' THEN NULL ELSE a.properties->>'utm_medium' END AS medium,
            CASE WHEN a.properties ? 'clipId' THEN NULL ELSE a.properties->>'utm_campaign' END AS campaign,
            count(*)::int AS n
       FROM analytics_events a
       LEFT JOIN clips c ON c.id = (a.properties->>'clipId')::bigint AND c.event_id = a.event_id
      WHERE a.event_id = $1 AND a.name = 'view-event-page-next-page'
      GROUP BY 1, 2, 3, 4`,
    [eventId],
  );
}

export async function sessionSummaries(db: Queryable, eventId: number) {
  const rows = await db.query<{
    id: number;
    title: string;
    state: string;
    timeScheduled: Date;
    attendees: number;
    views: number;
  }>(
    `SELECT s.id, s.title, s.state, s.time_scheduled AS "timeScheduled",
            (SELECT count(DISTINCT a.user_id) FROM attendance_spans a WHERE a.video_session_id = s.id)::int AS attendees,
            (SELECT count(*) FROM playback_views v WHERE v.video_session_id = s.id)::int AS views
       FROM video_sessions s WHERE s.event_id = $1 AND s.deleted_at IS NULL
      ORDER BY s.time_scheduled, s.id`,
    [eventId],
  );
  return rows.map((row) => ({ ...row, timeScheduled: row.timeScheduled.toISOString() }));
}
