import type { ShownVideo, VideoPreparationState, VideoShare, VideoShareState } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

// Typed SQL of video shares (issue 25 §2): a session's videos, their preparation and the one on air.

interface Row {
  id: number;
  video_session_id: number;
  title: string;
  file_key: string;
  upload_key: string | null;
  is_active: boolean;
  state: Partial<VideoShareState>;
  order: number;
  prep_state: VideoPreparationState;
  prep_error: string | null;
  prep_progress: number;
  duration_ms: number;
  video_url: string | null;
  updated_at: Date;
}

export interface StoredVideo extends VideoShare {
  sessionId: number;
  fileKey: string;
  uploadKey: string | null;
  videoUrl: string | null;
}

const COLUMNS = `id, video_session_id, title, file_key, upload_key, is_active, state, "order", prep_state,
  prep_error, prep_progress, duration_ms, video_url, updated_at`;

const toVideo = (r: Row): StoredVideo => ({
  id: Number(r.id),
  sessionId: Number(r.video_session_id),
  fileKey: r.file_key,
  uploadKey: r.upload_key,
  videoUrl: r.video_url,
  title: r.title,
  order: r.order,
  isActive: r.is_active,
  state: {
    status: r.state.status ?? "paused",
    position: r.state.position ?? 0,
    updatedAt: r.state.updatedAt ?? r.updated_at.toISOString(),
  },
  preparation: {
    state: r.prep_state,
    error: r.prep_error,
    progress: Number(r.prep_progress),
    durationMs: r.duration_ms,
  },
});

/** The team's view of a video (the stored keys stay on the server). */
export const listed = ({ sessionId, fileKey, uploadKey, videoUrl, ...v }: StoredVideo): VideoShare => v;

export async function sessionVideos(db: Queryable, sessionId: number): Promise<StoredVideo[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM video_shares WHERE video_session_id = $1 ORDER BY "order", id`,
    [sessionId],
  );
  return rows.map(toVideo);
}

export async function findVideo(db: Queryable, id: number): Promise<StoredVideo | null> {
  const [r] = await db.query<Row>(
    `SELECT ${COLUMNS} FROM video_shares WHERE id = $1 AND video_session_id IS NOT NULL`,
    [id],
  );
  return r ? toVideo(r) : null;
}

/** The video on the program scene, for every viewer. */
export async function shownVideo(db: Queryable, sessionId: number): Promise<ShownVideo | null> {
  const [r] = await db.query<Row>(
    `SELECT ${COLUMNS} FROM video_shares WHERE video_session_id = $1 AND is_active`,
    [sessionId],
  );
  if (!r?.video_url) return null;
  const v = toVideo(r);
  return { id: v.id, url: r.video_url, durationMs: v.preparation.durationMs, state: v.state };
}

export async function insertVideo(
  tx: Queryable,
  v: { organizationId: number; sessionId: number; title: string; fileKey: string; uploadKey: string },
): Promise<StoredVideo> {
  const [r] = await tx.query<Row>(
    `INSERT INTO video_shares (organization_id, video_session_id, title, file_key, upload_key, "order")
     VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max("order"), 0) + 1 FROM video_shares WHERE video_session_id = $2))
     RETURNING ${COLUMNS}`,
    [v.organizationId, v.sessionId, v.title, v.fileKey, v.uploadKey],
  );
  if (!r) throw new Error("video share not stored");
  return toVideo(r);
}

export async function setPreparation(
  db: Queryable,
  id: number,
  p: {
    state: VideoPreparationState;
    error?: string | null;
    progress: number;
    durationMs?: number;
    videoUrl?: string;
  },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE video_shares SET prep_state = $2, prep_error = $3, prep_progress = $4,
       duration_ms = coalesce($5, duration_ms), video_url = coalesce($6, video_url),
       upload_key = CASE WHEN $2 = 'ready' THEN NULL ELSE upload_key END, updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, p.state, p.error ?? null, p.progress, p.durationMs ?? null, p.videoUrl ?? null],
  );
  return rows.length > 0;
}

/** Takes whatever video of the session is on air off it. */
export async function deactivateSession(tx: Queryable, sessionId: number): Promise<void> {
  await tx.query(
    `UPDATE video_shares SET is_active = false, updated_at = now() WHERE video_session_id = $1 AND is_active`,
    [sessionId],
  );
}

/** Playing or paused from `position`, as of now (the database's clock: every node agrees). */
export async function setState(
  tx: Queryable,
  id: number,
  state: { status: VideoShareState["status"]; position: number; isActive?: boolean },
): Promise<void> {
  await tx.query(
    `UPDATE video_shares SET is_active = coalesce($4, is_active),
       state = jsonb_build_object('status', $2::text, 'position', $3::float8,
         'updatedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
       updated_at = now() WHERE id = $1`,
    [id, state.status, state.position, state.isActive ?? null],
  );
}

export async function rename(tx: Queryable, id: number, title: string): Promise<void> {
  await tx.query("UPDATE video_shares SET title = $2, updated_at = now() WHERE id = $1", [id, title]);
}

export async function deleteVideo(tx: Queryable, id: number): Promise<void> {
  await tx.query("DELETE FROM video_shares WHERE id = $1", [id]);
}
