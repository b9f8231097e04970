import { PRESENCE_LIVE_WINDOW_MS, roomDelivery, type ViewerDelivery } from "@onstage/domain";
import { updateSession } from "../../kernel/sessions/service";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { findRoomAudiences, lockDelivery } from "./queries";

export type ViewerDeliveryDeps = Pick<FeatureDeps, "db" | "realtime" | "clock" | "viewerThreshold">;

/**
 * Issue 27 §1: each live room's audience against HLS_VIEWER_THRESHOLD_USERS. A change of delivery is
 * written on the session and told on its topic (RoomSession.delivery), where every viewer's player
 * follows it; the write is a compare-and-set under the row's lock, so nodes sweeping at once tell it once.
 */
export function viewerDeliveryService(deps: ViewerDeliveryDeps) {
  const { db, realtime, clock, viewerThreshold: threshold } = deps;

  /** Moves the session to `next` unless another node or the team changed it meanwhile. */
  async function move(sessionId: number, from: ViewerDelivery, next: ViewerDelivery): Promise<boolean> {
    return withOutbox(db, realtime, async (tx, outbox) => {
      const locked = await lockDelivery(tx, sessionId);
      if (!locked || locked.delivery !== from || (locked.showToAll && next === "webrtc")) return false;
      await updateSession(tx, outbox, sessionId, { viewerDelivery: next });
      return true;
    });
  }

  return {
    /** One pass over the live rooms; the sessions whose delivery changed. */
    async sweep(): Promise<{ sessionId: number; delivery: ViewerDelivery }[]> {
      const since = new Date(clock().getTime() - PRESENCE_LIVE_WINDOW_MS);
      const moved: { sessionId: number; delivery: ViewerDelivery }[] = [];
      for (const room of await findRoomAudiences(db, since)) {
        const next = roomDelivery({ ...room, current: room.delivery, threshold });
        if (next !== room.delivery && (await move(room.sessionId, room.delivery, next)))
          moved.push({ sessionId: room.sessionId, delivery: next });
      }
      return moved;
    },
  };
}

export type ViewerDeliveryService = ReturnType<typeof viewerDeliveryService>;
