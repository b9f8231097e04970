import type { IntentType, SessionIntent, TileState } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { TOPIC_SEQ_SQL } from "../../platform/realtime/queries";

// video_session_intents: one row per user and session (its unique key), changed only under its row lock.

const INTENT_COLUMNS = `
  i.video_session_id, i.user_id, i.intent_type, i.tile_state, i.created_by_user_id, i.updated_at,
  u.first_name, u.last_name, u.profile_photo`;

interface IntentRow {
  video_session_id: number;
  user_id: number;
  intent_type: IntentType;
  tile_state: TileState;
  created_by_user_id: number | null;
  updated_at: Date;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
}

const toIntent = (r: IntentRow): SessionIntent => ({
  sessionId: Number(r.video_session_id),
  userId: Number(r.user_id),
  intentType: r.intent_type,
  tileState: r.tile_state,
  createdByUserId: r.created_by_user_id === null ? null : Number(r.created_by_user_id),
  updatedAt: r.updated_at.toISOString(),
  firstName: r.first_name,
  lastName: r.last_name,
  profilePhoto: r.profile_photo,
});

/** The session's intents, oldest change first, and the session topic's sequence, in one snapshot. */
export async function listIntents(
  db: Queryable,
  sessionId: number,
): Promise<{ intents: SessionIntent[]; seq: number }> {
  const rows = await db.query<{ seq: number } & Partial<IntentRow>>(
    `SELECT s.seq, p.* FROM (SELECT ${TOPIC_SEQ_SQL} AS seq) s
      LEFT JOIN LATERAL (
        SELECT ${INTENT_COLUMNS} FROM video_session_intents i JOIN users u ON u.id = i.user_id
         WHERE i.video_session_id = $2
      ) p ON true
     ORDER BY p.updated_at, p.user_id`,
    [`session:${sessionId}`, sessionId],
  );
  return {
    intents: rows.filter((r): r is typeof r & IntentRow => r.user_id != null).map(toIntent),
    seq: rows[0]?.seq ?? 0,
  };
}

/** The user's intent, its row locked until the transaction ends (null: none). */
export async function lockIntent(
  tx: Queryable,
  sessionId: number,
  userId: number,
): Promise<{ intentType: IntentType; tileState: TileState } | null> {
  const [row] = await tx.query<{ intent_type: IntentType; tile_state: TileState }>(
    `SELECT intent_type, tile_state FROM video_session_intents
      WHERE video_session_id = $1 AND user_id = $2 FOR UPDATE`,
    [sessionId, userId],
  );
  return row ? { intentType: row.intent_type, tileState: row.tile_state } : null;
}

export interface IntentWrite {
  sessionId: number;
  userId: number;
  /** The intent the move was decided from: the write happens only if it is still the one stored. */
  from: IntentType | null;
  to: IntentType | null;
  tileState: TileState;
  /** Who made the intent what it is (a hand raised, an invite sent); null keeps the one stored. */
  createdBy: number | null;
}

/** The intent a write returned, with the user's names: `statement` ends in RETURNING *. */
const withNames = (statement: string) => `WITH i AS (${statement} RETURNING *)
  SELECT ${INTENT_COLUMNS} FROM i JOIN users u ON u.id = i.user_id`;

/**
 * Compare and set: the move from `from` to `to`; false when another request changed the intent first
 * (a concurrent insert meets the unique key and writes nothing). The written intent, or null when deleted.
 */
export async function writeIntent(
  tx: Queryable,
  w: IntentWrite,
  now: Date,
): Promise<{ written: false } | { written: true; intent: SessionIntent | null }> {
  if (w.to === null) {
    const rows = await tx.query(
      `DELETE FROM video_session_intents WHERE video_session_id = $1 AND user_id = $2 AND intent_type = $3
       RETURNING user_id`,
      [w.sessionId, w.userId, w.from],
    );
    return rows.length > 0 ? { written: true, intent: null } : { written: false };
  }
  const rows =
    w.from === null
      ? await tx.query<IntentRow>(
          withNames(`INSERT INTO video_session_intents
             (video_session_id, user_id, intent_type, tile_state, created_by_user_id, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6)
           ON CONFLICT (video_session_id, user_id) DO NOTHING`),
          [w.sessionId, w.userId, w.to, w.tileState, w.createdBy, now],
        )
      : await tx.query<IntentRow>(
          withNames(`UPDATE video_session_intents
              SET intent_type = $4, tile_state = $5, created_by_user_id = COALESCE($6, created_by_user_id),
                  updated_at = $7
            WHERE video_session_id = $1 AND user_id = $2 AND intent_type = $3`),
          [w.sessionId, w.userId, w.from, w.to, w.tileState, w.createdBy, now],
        );
  const [row] = rows;
  return row ? { written: true, intent: toIntent(row) } : { written: false };
}

/**
 * Whether the user is on the session's stage (live on_stage presence, or an accepted invite), and how many
 * seats are taken: people on stage plus pending invites, which hold a seat until answered.
 */
export async function stageSeats(
  db: Queryable,
  input: { sessionId: number; userId: number; liveSince: Date },
): Promise<{ isOnStage: boolean; taken: number }> {
  const [row] = await db.query<{ is_on_stage: boolean; taken: number }>(
    `WITH seated AS (
       SELECT user_id FROM video_session_users
        WHERE video_session_id = $1 AND state = 'on_stage' AND last_seen >= $3
       UNION
       SELECT user_id FROM video_session_intents
        WHERE video_session_id = $1 AND intent_type IN ('invite_sent', 'invite_accepted')
     )
     SELECT EXISTS (SELECT 1 FROM video_session_users
                     WHERE video_session_id = $1 AND user_id = $2 AND state = 'on_stage' AND last_seen >= $3)
            OR EXISTS (SELECT 1 FROM video_session_intents
                        WHERE video_session_id = $1 AND user_id = $2 AND intent_type = 'invite_accepted')
              AS is_on_stage,
            (SELECT count(*)::int FROM seated) AS taken`,
    [input.sessionId, input.userId, input.liveSince],
  );
  return { isOnStage: row?.is_on_stage ?? false, taken: row?.taken ?? 0 };
}
