import {
  type ClaimTabResponse,
  claimActiveTab,
  Forbidden,
  isHostLevel,
  requiresSingleTab,
} from "@onstage/domain";
import { requireTopicReader, sessionOf } from "../../../kernel/access/topic-access";
import type { Queryable } from "../../../platform/database";
import { withOutbox } from "../../../platform/realtime/outbox";
import type { FeatureDeps } from "../../deps";
import { lockPresence } from "../queries";
import * as q from "./queries";

// Spec 1 §4 duplicate tab: one active browser tab per user in a broadcasting, greenroom or postevent
// session, kept in video_session_users.active_browser_id.

export type TabDeps = Pick<FeatureDeps, "db" | "realtime" | "clock">;

/** The user's row in the session, created offline when missing (a claim is not presence), locked. */
async function lockOwnRow(tx: Queryable, sessionId: number, userId: number) {
  await q.ensureOfflineRow(tx, sessionId, userId);
  const row = await lockPresence(tx, sessionId, userId);
  if (!row) throw new Error("presence row missing under its lock");
  return row;
}

export function tabService(deps: TabDeps) {
  const { db, realtime, clock } = deps;
  return {
    /**
     * Claims the active tab; a take-over (or a claim of a stale tab's slot) tells the other tab on
     * user:{userId} ("active-browser"), so it shows the blocking screen should it still be running.
     */
    async claim(
      userId: number,
      input: { video_session_id: number; browser_id: string; take_over: boolean },
    ): Promise<ClaimTabResponse> {
      const access = await requireTopicReader(db, userId, { kind: "session", id: input.video_session_id });
      const session = sessionOf(access);
      if (!requiresSingleTab(session.state)) return { required: false, claim: "granted" };
      return withOutbox(db, realtime, async (tx, outbox) => {
        const row = await lockOwnRow(tx, session.id, userId);
        const now = clock();
        const claim = claimActiveTab({
          activeBrowserId: row.activeBrowserId,
          activeBrowserSeenAt: row.activeBrowserSeenAt,
          browserId: input.browser_id,
          takeOver: input.take_over,
          now: now.getTime(),
        });
        if (claim === "taken_elsewhere") {
          return { required: true, claim, activeBrowserId: row.activeBrowserId ?? undefined };
        }
        // A claim counts as the tab's first heartbeat; its presence heartbeats keep it fresh.
        await q.setActiveBrowser(tx, session.id, userId, input.browser_id, now);
        if (row.activeBrowserId !== null && row.activeBrowserId !== input.browser_id) {
          await outbox.write(
            { kind: "user", id: userId },
            {
              kind: "broadcast",
              event: "active-browser",
              payload: { sessionId: session.id, browserId: input.browser_id },
            },
          );
        }
        return { required: true, claim };
      });
    },

    /**
     * Gives up the viewer's slot (only the named tab's, when `browserId` is given); `clearAll` frees
     * every user's slot of the session, for host-level viewers leaving the greenroom (spec 2 §4).
     */
    async unset(
      userId: number,
      input: { videoSessionId: number; clearAllBrowserIds: boolean; browserId?: string },
    ): Promise<void> {
      const access = await requireTopicReader(db, userId, { kind: "session", id: input.videoSessionId });
      const session = sessionOf(access);
      if (input.clearAllBrowserIds) {
        if (!isHostLevel(access.flags)) throw Forbidden();
        await q.clearActiveBrowsers(db, session.id);
        return;
      }
      await q.clearActiveBrowser(db, session.id, userId, input.browserId ?? null);
    },
  };
}
