import type { Queryable } from "../../platform/database";

/**
 * One more hit in the window starting at `windowStart` of the user's action in the session; answers the
 * window's hits. One statement, so concurrent writes on any node are counted one after the other.
 */
export async function countHit(
  db: Queryable,
  key: { userId: number; sessionId: number; action: string },
  windowStart: number,
): Promise<number> {
  const [row] = await db.query<{ hits: number }>(
    `INSERT INTO audience_rate_windows AS w (user_id, video_session_id, action, window_start, hits)
     VALUES ($1, $2, $3, $4, 1)
     ON CONFLICT (user_id, video_session_id, action) DO UPDATE SET
       hits = CASE WHEN EXCLUDED.window_start > w.window_start THEN 1 ELSE w.hits + 1 END,
       window_start = GREATEST(w.window_start, EXCLUDED.window_start)
     RETURNING hits`,
    [key.userId, key.sessionId, key.action, new Date(windowStart)],
  );
  return row?.hits ?? 1;
}
