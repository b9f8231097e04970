import type { Queryable } from "../../platform/database";

/**
 * The session's room page with the recorder-view flag (spec 2 §2): what the server's Chromium opens
 * (COMPOSITOR=server) and LiveKit Egress renders as its custom template.
 */
export async function recorderViewUrl(db: Queryable, publicUrl: string, sessionId: number): Promise<string> {
  const [row] = await db.query<{ event_code: string; url_hash: string }>(
    `SELECT e.event_code, s.url_hash FROM video_sessions s JOIN events e ON e.id = s.event_id
      WHERE s.id = $1`,
    [sessionId],
  );
  if (!row) throw new Error(`no session ${sessionId}`);
  return `${publicUrl}/c/${encodeURIComponent(row.event_code)}/${row.url_hash}?recorder-view`;
}
