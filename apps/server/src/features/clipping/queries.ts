import type { BroadcastType, Clip, ClipAnalytics, ClipRenderState, SessionState } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

/** The event's disable_clipping, locked for the toggle; null when the event is gone. */
export async function lockClippingDisabled(tx: Queryable, eventId: number): Promise<boolean | null> {
  const [row] = await tx.query<{ disable_clipping: boolean }>(
    "SELECT disable_clipping FROM events WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    [eventId],
  );
  return row ? row.disable_clipping : null;
}

export async function setClippingDisabled(tx: Queryable, eventId: number, disabled: boolean): Promise<void> {
  await tx.query("UPDATE events SET disable_clipping = $2, updated_at = now() WHERE id = $1", [
    eventId,
    disabled,
  ]);
}

// Issue 26: clips (migration 004, 038) and their views; registrations are event_registrations.clip_id.

const CLIP_COLUMNS = `c.id::int, c.slug, c.title, c.start_time, c.end_time, c.event_id::int,
  c.video_session_id::int, c.user_id::int, u.full_name AS user_name, c.render_state, c.render_progress,
  c.render_error, c.video_url, c.thumbnail_url, c.created_at, c.stream_id::int, c.file_key, c.thumbnail_key`;
const CLIP_FROM = "clips c LEFT JOIN users u ON u.id = c.user_id";

interface ClipRow {
  id: number;
  slug: string;
  title: string;
  start_time: number;
  end_time: number;
  event_id: number;
  video_session_id: number;
  user_id: number | null;
  user_name: string | null;
  render_state: ClipRenderState;
  render_progress: number;
  render_error: string | null;
  video_url: string | null;
  thumbnail_url: string | null;
  created_at: Date;
  stream_id: number | null;
  file_key: string | null;
  thumbnail_key: string | null;
}

/** A clip as stored: the wire clip, and where its files and recording are. */
export interface StoredClip {
  clip: Clip;
  streamId: number | null;
  fileKey: string | null;
  thumbnailKey: string | null;
}

const toStored = (r: ClipRow): StoredClip => ({
  clip: {
    id: r.id,
    slug: r.slug,
    title: r.title,
    startTime: r.start_time,
    endTime: r.end_time,
    eventId: r.event_id,
    videoSessionId: r.video_session_id,
    user: r.user_id === null ? null : { id: r.user_id, fullName: r.user_name ?? "" },
    render: { state: r.render_state, progress: r.render_progress, error: r.render_error },
    videoUrl: r.render_state === "ready" ? r.video_url : null,
    thumbnailUrl: r.render_state === "ready" ? r.thumbnail_url : null,
    createdAt: r.created_at.toISOString(),
  },
  streamId: r.stream_id,
  fileKey: r.file_key,
  thumbnailKey: r.thumbnail_key,
});

/** What deciding a clip of the session needs: the event's switches and the session's latest recording. */
export interface ClipSource {
  eventId: number;
  eventPrivate: boolean;
  disableClipping: boolean;
  state: SessionState;
  broadcastType: BroadcastType;
  /** The latest stream that recorded anything, and whether the live one records now. */
  recording: { streamId: number; vodUrl: string } | null;
  liveIsRecording: boolean | null;
}

export async function findClipSource(db: Queryable, sessionId: number): Promise<ClipSource | null> {
  const [row] = await db.query<{
    event_id: number;
    private: boolean;
    disable_clipping: boolean;
    state: SessionState;
    broadcast_type: BroadcastType;
    stream_id: number | null;
    vod_playback_url: string | null;
    live_is_recording: boolean | null;
  }>(
    `SELECT e.id::int AS event_id, e.private, e.disable_clipping, vs.state,
            vs.broadcast_type,
            rec.id::int AS stream_id, rec.vod_playback_url, live.is_recording AS live_is_recording
       FROM video_sessions vs
       JOIN events e ON e.id = vs.event_id
       LEFT JOIN LATERAL (
         SELECT s.id, s.vod_playback_url FROM video_session_streams s
          WHERE s.video_session_id = vs.id AND s.deleted_at IS NULL AND s.vod_playback_url IS NOT NULL
          ORDER BY s.created_at DESC, s.id DESC LIMIT 1) rec ON true
       LEFT JOIN LATERAL (
         SELECT s.is_recording FROM video_session_streams s
          WHERE s.video_session_id = vs.id AND s.deleted_at IS NULL
            AND s.active_state IN ('countdown', 'recording', 'streaming') LIMIT 1) live ON true
      WHERE vs.id = $1 AND vs.deleted_at IS NULL AND e.deleted_at IS NULL`,
    [sessionId],
  );
  if (!row) return null;
  return {
    eventId: row.event_id,
    eventPrivate: row.private,
    disableClipping: row.disable_clipping,
    state: row.state,
    broadcastType: row.broadcast_type,
    recording:
      row.stream_id !== null && row.vod_playback_url !== null
        ? { streamId: row.stream_id, vodUrl: row.vod_playback_url }
        : null,
    liveIsRecording: row.live_is_recording,
  };
}

/** The recording a clip is cut from (its stream may have been deleted by a reset since). */
export async function findStreamVodUrl(db: Queryable, streamId: number): Promise<string | null> {
  const [row] = await db.query<{ vod_playback_url: string | null }>(
    "SELECT vod_playback_url FROM video_session_streams WHERE id = $1 AND deleted_at IS NULL",
    [streamId],
  );
  return row?.vod_playback_url ?? null;
}

export async function insertClip(
  tx: Queryable,
  clip: {
    slug: string;
    title: string;
    eventId: number;
    sessionId: number;
    userId: number;
    streamId: number;
    start: number;
    end: number;
  },
): Promise<StoredClip> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO clips (slug, title, event_id, video_session_id, user_id, stream_id, start_time, end_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::int`,
    [clip.slug, clip.title, clip.eventId, clip.sessionId, clip.userId, clip.streamId, clip.start, clip.end],
  );
  const stored = row && (await findClip(tx, row.id));
  if (!stored) throw new Error("clip insert returned no row");
  return stored;
}

export async function findClip(db: Queryable, id: number): Promise<StoredClip | null> {
  const [row] = await db.query<ClipRow>(
    `SELECT ${CLIP_COLUMNS} FROM ${CLIP_FROM} WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [id],
  );
  return row ? toStored(row) : null;
}

export async function findClipBySlug(db: Queryable, slug: string): Promise<StoredClip | null> {
  const [row] = await db.query<ClipRow>(
    `SELECT ${CLIP_COLUMNS} FROM ${CLIP_FROM} WHERE c.slug = $1 AND c.deleted_at IS NULL`,
    [slug],
  );
  return row ? toStored(row) : null;
}

/** Spec 3 §2: the session's clips sorted by start_time. */
export async function listClips(db: Queryable, sessionId: number): Promise<Clip[]> {
  const rows = await db.query<ClipRow>(
    `SELECT ${CLIP_COLUMNS} FROM ${CLIP_FROM}
      WHERE c.video_session_id = $1 AND c.deleted_at IS NULL ORDER BY c.start_time, c.id`,
    [sessionId],
  );
  return rows.map((r) => toStored(r).clip);
}

export async function renameClip(tx: Queryable, id: number, title: string): Promise<void> {
  await tx.query("UPDATE clips SET title = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL", [
    id,
    title,
  ]);
}

/** Marks the clip deleted; its files are the caller's to remove. */
export async function deleteClip(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    "UPDATE clips SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id",
    [id],
  );
  return rows.length > 0;
}

export interface ClipRender {
  state: ClipRenderState;
  progress: number;
  error?: string | null;
  files?: { fileKey: string; videoUrl: string; thumbnailKey: string; thumbnailUrl: string };
}

/** The cut's progress; false when the clip was deleted meanwhile. */
export async function setClipRender(db: Queryable, id: number, render: ClipRender): Promise<boolean> {
  const rows = await db.query(
    `UPDATE clips SET render_state = $2, render_progress = $3, render_error = $4,
            file_key = COALESCE($5, file_key), video_url = COALESCE($6, video_url),
            thumbnail_key = COALESCE($7, thumbnail_key), thumbnail_url = COALESCE($8, thumbnail_url),
            updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
    [
      id,
      render.state,
      render.progress,
      render.error ?? null,
      render.files?.fileKey ?? null,
      render.files?.videoUrl ?? null,
      render.files?.thumbnailKey ?? null,
      render.files?.thumbnailUrl ?? null,
    ],
  );
  return rows.length > 0;
}

/** Spec 3 §3 Clip analytics of these clips: views, and registrations that started from each. */
export async function clipAnalytics(db: Queryable, clipIds: number[]): Promise<Map<number, ClipAnalytics>> {
  const rows = await db.query<{ id: number; views: number; registrations: number }>(
    `SELECT c.id::int,
            (SELECT count(*)::int FROM clip_views v WHERE v.clip_id = c.id) AS views,
            (SELECT count(*)::int FROM event_registrations r WHERE r.clip_id = c.id) AS registrations
       FROM clips c WHERE c.id = ANY($1::bigint[])`,
    [clipIds],
  );
  return new Map(rows.map((r) => [r.id, { views: r.views, registrations: r.registrations }]));
}

/** Issue 26 §3: a view counts once per viewer per hour; true when this one counted. */
export async function countClipView(
  db: Queryable,
  clipId: number,
  viewerKey: string,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO clip_views (clip_id, viewer_key, created_at)
     SELECT $1, $2, $3
      WHERE NOT EXISTS (SELECT 1 FROM clip_views WHERE clip_id = $1 AND viewer_key = $2
                          AND created_at > $3::timestamptz - interval '1 hour')
     RETURNING id`,
    [clipId, viewerKey, at],
  );
  return rows.length > 0;
}

/** The event a clip page offers registration to. */
export async function findClipEvent(db: Queryable, eventId: number) {
  const [row] = await db.query<{
    id: number;
    title: string;
    event_code: string;
    org_name: string;
    channel_name: string;
  }>(
    `SELECT e.id::int, e.title, e.event_code, o.name AS org_name, o.channel_name
       FROM events e JOIN organizations o ON o.id = e.organization_id
      WHERE e.id = $1 AND e.deleted_at IS NULL AND o.deleted_at IS NULL`,
    [eventId],
  );
  return row
    ? {
        id: row.id,
        title: row.title,
        eventCode: row.event_code,
        organization: { name: row.org_name, channelName: row.channel_name },
      }
    : null;
}
