import type { Queryable } from "../../platform/database";

/** The session's primary colour (spec 3 §3), for the slate; null when it has none. */
export async function findPrimaryColour(db: Queryable, sessionId: number): Promise<string | null> {
  const [row] = await db.query<{ value: string }>(
    `SELECT value FROM custom_elements WHERE video_session_id = $1 AND type = 'primary_color'
      ORDER BY id DESC LIMIT 1`,
    [sessionId],
  );
  return row?.value ?? null;
}
