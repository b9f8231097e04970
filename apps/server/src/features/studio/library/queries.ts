import type { Queryable } from "../../../platform/database";

// Spec 3 §3 templates carry a session's videos and file presentations: a template's copy is a row with
// theme_id instead of video_session_id, pointing at the same stored files (no bytes are copied).

/** The stored uploads a set of rows referred to, by kind (what may need removing once unreferenced). */
export interface LibraryKeys {
  slides: string[];
  videos: string[];
}

const keysOf = async (tx: Queryable, where: string, id: number): Promise<LibraryKeys> => {
  const slides = await tx.query<{ file_key: string }>(
    `SELECT file_key FROM file_presentations WHERE ${where} = $1`,
    [id],
  );
  const videos = await tx.query<{ file_key: string }>(
    `SELECT file_key FROM video_shares WHERE ${where} = $1`,
    [id],
  );
  return { slides: slides.map((r) => r.file_key), videos: videos.map((r) => r.file_key) };
};

export const themeLibraryKeys = (tx: Queryable, themeId: number) => keysOf(tx, "theme_id", themeId);

/** The template's videos and decks become copies of the session's ready ones; the keys it no longer has. */
export async function copySessionLibraryToTheme(
  tx: Queryable,
  sessionId: number,
  themeId: number,
): Promise<LibraryKeys> {
  const before = await themeLibraryKeys(tx, themeId);
  await tx.query("DELETE FROM file_presentations WHERE theme_id = $1", [themeId]);
  await tx.query("DELETE FROM video_shares WHERE theme_id = $1", [themeId]);
  await tx.query(
    `INSERT INTO file_presentations (organization_id, theme_id, displayname, file_key, file_type, conversion_state,
       page_count, pages_done, page_urls, "order")
     SELECT organization_id, $2, displayname, file_key, file_type, conversion_state, page_count, pages_done, page_urls,
       "order" FROM file_presentations WHERE video_session_id = $1 AND conversion_state = 'ready'`,
    [sessionId, themeId],
  );
  await tx.query(
    `INSERT INTO video_shares (organization_id, theme_id, title, file_key, prep_state, prep_progress, duration_ms,
       video_url, "order")
     SELECT organization_id, $2, title, file_key, prep_state, prep_progress, duration_ms, video_url, "order"
       FROM video_shares WHERE video_session_id = $1 AND prep_state = 'ready'`,
    [sessionId, themeId],
  );
  return before;
}

/** The template's videos and decks are added to the session (those it already has are left as they are). */
export async function copyThemeLibraryToSession(
  tx: Queryable,
  themeId: number,
  sessionId: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO file_presentations (organization_id, video_session_id, displayname, file_key, file_type,
       conversion_state, page_count, pages_done, page_urls, "order")
     SELECT t.organization_id, $2, t.displayname, t.file_key, t.file_type, t.conversion_state, t.page_count,
       t.pages_done, t.page_urls,
       (SELECT coalesce(max("order"), 0) FROM file_presentations WHERE video_session_id = $2) + t."order"
       FROM file_presentations t WHERE t.theme_id = $1
        AND NOT EXISTS (SELECT 1 FROM file_presentations s WHERE s.video_session_id = $2 AND s.file_key = t.file_key)`,
    [themeId, sessionId],
  );
  await tx.query(
    `INSERT INTO video_shares (organization_id, video_session_id, title, file_key, prep_state, prep_progress,
       duration_ms, video_url, "order")
     SELECT t.organization_id, $2, t.title, t.file_key, t.prep_state, t.prep_progress, t.duration_ms, t.video_url,
       (SELECT coalesce(max("order"), 0) FROM video_shares WHERE video_session_id = $2) + t."order"
       FROM video_shares t WHERE t.theme_id = $1
        AND NOT EXISTS (SELECT 1 FROM video_shares s WHERE s.video_session_id = $2 AND s.file_key = t.file_key)`,
    [themeId, sessionId],
  );
}

/** Of these keys, those no row (a session's or a template's) refers to any more. */
export async function unreferenced(db: Queryable, keys: LibraryKeys): Promise<LibraryKeys> {
  const used = async (table: string, list: string[]) =>
    new Set(
      (
        await db.query<{ file_key: string }>(
          `SELECT DISTINCT file_key FROM ${table} WHERE file_key = ANY($1::text[])`,
          [list],
        )
      ).map((r) => r.file_key),
    );
  const slidesUsed = await used("file_presentations", keys.slides);
  const videosUsed = await used("video_shares", keys.videos);
  return {
    slides: [...new Set(keys.slides)].filter((k) => !slidesUsed.has(k)),
    videos: [...new Set(keys.videos)].filter((k) => !videosUsed.has(k)),
  };
}
