import type { SessionState } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

/** The name the media room shows for a member. */
export async function fullNameOf(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.query<{ full_name: string }>("SELECT full_name FROM users WHERE id = $1", [userId]);
  return row?.full_name ?? "";
}

/** The live sessions of these events, with their states. */
export async function findSessionStates(
  db: Queryable,
  eventIds: readonly number[],
): Promise<{ id: number; state: SessionState }[]> {
  return db.query<{ id: number; state: SessionState }>(
    "SELECT id, state FROM video_sessions WHERE event_id = ANY($1::int[]) AND deleted_at IS NULL",
    [eventIds],
  );
}
