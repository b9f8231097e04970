import type { Queryable } from "../../../platform/database";

// The active tab's slot: video_session_users.active_browser_id and when it was last seen.

/** The user's row in the session, created offline when missing (a claim is not presence). */
export async function ensureOfflineRow(tx: Queryable, sessionId: number, userId: number): Promise<void> {
  await tx.query(
    `INSERT INTO video_session_users (video_session_id, user_id, state) VALUES ($1, $2, 'offline')
     ON CONFLICT (video_session_id, user_id) DO NOTHING`,
    [sessionId, userId],
  );
}

export async function setActiveBrowser(
  tx: Queryable,
  sessionId: number,
  userId: number,
  browserId: string,
  seenAt: Date,
): Promise<void> {
  await tx.query(
    `UPDATE video_session_users SET active_browser_id = $3, active_browser_seen = $4
      WHERE video_session_id = $1 AND user_id = $2`,
    [sessionId, userId, browserId, seenAt],
  );
}

/** Frees every user's slot of the session. */
export async function clearActiveBrowsers(db: Queryable, sessionId: number): Promise<void> {
  await db.query(
    `UPDATE video_session_users SET active_browser_id = NULL
      WHERE video_session_id = $1 AND active_browser_id IS NOT NULL`,
    [sessionId],
  );
}

/** Frees the user's slot; only when `browserId`'s tab holds it, when given. */
export async function clearActiveBrowser(
  db: Queryable,
  sessionId: number,
  userId: number,
  browserId: string | null,
): Promise<void> {
  await db.query(
    `UPDATE video_session_users SET active_browser_id = NULL
      WHERE video_session_id = $1 AND user_id = $2 AND ($3::text IS NULL OR active_browser_id = $3::text)`,
    [sessionId, userId, browserId],
  );
}
