import type { CaptionLine, CaptionRateWindow } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

export interface CaptionSourceRow extends CaptionRateWindow {
  sessionId: number;
  lastSeq: number | null;
}

export async function findCaptionToken(db: Queryable, sessionId: number): Promise<string | null> {
  const [row] = await db.query<{ token: string }>(
    "SELECT token FROM caption_sources WHERE video_session_id = $1",
    [sessionId],
  );
  return row?.token ?? null;
}

/** A new token; the seq starts over with it (a new captioner's tool counts from its own start). */
export async function setCaptionToken(db: Queryable, sessionId: number, token: string): Promise<void> {
  await db.query(
    `INSERT INTO caption_sources (video_session_id, token) VALUES ($1, $2)
     ON CONFLICT (video_session_id) DO UPDATE SET token = $2, last_seq = NULL`,
    [sessionId, token],
  );
}

/** The source behind a token, locked for the post that counts against it; null for an unknown token. */
export async function lockCaptionSource(tx: Queryable, token: string): Promise<CaptionSourceRow | null> {
  const [row] = await tx.query<{
    video_session_id: number;
    last_seq: number | null;
    window_start: Date;
    window_lines: number;
  }>(
    `SELECT c.video_session_id, c.last_seq, c.window_start, c.window_lines
       FROM caption_sources c JOIN video_sessions s ON s.id = c.video_session_id
      WHERE c.token = $1 AND s.deleted_at IS NULL
      FOR UPDATE OF c`,
    [token],
  );
  if (!row) return null;
  return {
    sessionId: row.video_session_id,
    lastSeq: row.last_seq === null ? null : Number(row.last_seq),
    windowStart: new Date(row.window_start).getTime(),
    lines: row.window_lines,
  };
}

export async function saveCaptionSource(
  tx: Queryable,
  sessionId: number,
  source: CaptionRateWindow & { lastSeq: number | null },
): Promise<void> {
  await tx.query(
    `UPDATE caption_sources SET last_seq = $2, window_start = $3, window_lines = $4
      WHERE video_session_id = $1`,
    [sessionId, source.lastSeq, new Date(source.windowStart), source.lines],
  );
}

export async function insertCaptionLine(
  tx: Queryable,
  sessionId: number,
  line: CaptionLine & { lang: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO caption_lines (video_session_id, seq, lang, text, received_at) VALUES ($1, $2, $3, $4, $5)`,
    [sessionId, line.seq, line.lang, line.text, new Date(line.receivedAt)],
  );
}

/** The session's lines that arrived in [from, to), epoch ms. */
export async function captionLinesBetween(
  db: Queryable,
  sessionId: number,
  from: number,
  to: number,
): Promise<CaptionLine[]> {
  const rows = await db.query<{ seq: number; text: string; received_at: Date }>(
    `SELECT seq, text, received_at FROM caption_lines
      WHERE video_session_id = $1 AND received_at >= $2 AND received_at < $3 ORDER BY seq`,
    [sessionId, new Date(from), new Date(to)],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    text: r.text,
    receivedAt: new Date(r.received_at).getTime(),
  }));
}
