import type { ViewerDelivery } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

export interface RoomAudience {
  sessionId: number;
  /** Viewers live in the session, people on the stage not counted. */
  audience: number;
  showToAll: boolean;
  /**
   * A camera stage (on the embedded SFU or LiveKit): its composing page publishes the program to the
   * room's viewer places. An encoder's broadcast (RTMP) has no composed program in the room.
   */
  hasRealtimeProgram: boolean;
  delivery: ViewerDelivery;
}

/**
 * Every session whose audience may watch the program soon or now (greenroom: the delivery is decided
 * before go-live) with its live audience: present since `since`, not offline, not on the stage.
 */
export async function findRoomAudiences(db: Queryable, since: Date): Promise<RoomAudience[]> {
  const rows = await db.query<{
    id: number;
    audience: number;
    show_to_all: boolean;
    realtime_program: boolean;
    viewer_delivery: ViewerDelivery;
  }>(
    `SELECT vs.id, vs.show_to_all, vs.viewer_delivery,
            (vs.broadcast_type = 'webrtc') AS realtime_program,
            (SELECT count(*)::int FROM video_session_users u
              WHERE u.video_session_id = vs.id AND u.state = 'active' AND u.last_seen >= $1) AS audience
       FROM video_sessions vs
      WHERE vs.state IN ('greenroom', 'broadcasting') AND vs.deleted_at IS NULL`,
    [since],
  );
  return rows.map((r) => ({
    sessionId: r.id,
    audience: r.audience,
    showToAll: r.show_to_all,
    hasRealtimeProgram: r.realtime_program,
    delivery: r.viewer_delivery,
  }));
}

/** The session's delivery and flag, its row locked (another node's sweep waits, then sees the change). */
export async function lockDelivery(
  tx: Queryable,
  sessionId: number,
): Promise<{ showToAll: boolean; delivery: ViewerDelivery } | null> {
  const [row] = await tx.query<{ show_to_all: boolean; viewer_delivery: ViewerDelivery }>(
    "SELECT show_to_all, viewer_delivery FROM video_sessions WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    [sessionId],
  );
  return row ? { showToAll: row.show_to_all, delivery: row.viewer_delivery } : null;
}
