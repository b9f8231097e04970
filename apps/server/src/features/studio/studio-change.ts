import {
  Forbidden,
  NotFound,
  publicStudio,
  type StudioFeature,
  type StudioResponse,
  studioFeatureRefusal,
} from "@onstage/domain";
import { type PlaceAccess, requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import type { Database, Queryable } from "../../platform/database";
import { type Outbox, withOutbox } from "../../platform/realtime/outbox";
import type { Publisher } from "../../platform/realtime/port";
import * as q from "./queries";
import { shownSlides } from "./slides/queries";
import { shownVideo } from "./videos/queries";

// What every studio section shares: who may change the studio, reading it whole, and one change of it
// published to the session's topic.

export const sessionTopic = (id: number) => ({ kind: "session", id }) as const;

/**
 * Spec 2 §2: the studio is for studio admins; a session of another event, or one the viewer cannot
 * reach, is unknown. `feature`: spec 3 §1's RTMP-mode rule for the section the change belongs to.
 */
export async function requireStudioAdmin(
  db: Queryable,
  viewerUserId: number,
  sessionId: number,
  feature: StudioFeature | null,
): Promise<PlaceAccess> {
  const access = await requireTopicReader(db, viewerUserId, sessionTopic(sessionId));
  if (!access.flags.isStudioAdmin) throw Forbidden();
  const refusal = feature && studioFeatureRefusal(sessionOf(access).broadcastType, feature);
  if (refusal) throw Forbidden(refusal);
  return access;
}

/**
 * The team's studio: every element and the CTAs' clicks (publicStudio is what others get of it; they
 * are spared counting the clicks).
 */
export async function readStudio(tx: Queryable, sessionId: number, forTeam = true): Promise<StudioResponse> {
  const row = await q.sessionStudio(tx, sessionId);
  if (!row) throw NotFound("session_not_found");
  return {
    sessionId,
    themeId: row.themeId,
    elements: await q.sessionElements(tx, sessionId),
    overlay: row.overlay,
    offer: row.offer,
    slides: await shownSlides(tx, sessionId),
    video: await shownVideo(tx, sessionId),
    offerClicks: forTeam ? await q.offerClicks(tx, sessionId) : [],
    contributions: forTeam ? await q.contributionSettings(tx, sessionId) : null,
  };
}

export type StudioChange = <T>(
  sessionId: number,
  work: (tx: Queryable, outbox: Outbox) => Promise<T>,
) => Promise<{ result: T; studio: StudioResponse }>;

/**
 * One studio change of a session: locked, then published to the session's topic as its audience may
 * see it (the team's panels read the whole studio again when told).
 */
export function studioChange(deps: { db: Database; realtime: Publisher }): StudioChange {
  return (sessionId, work) =>
    withOutbox(deps.db, deps.realtime, async (tx, outbox) => {
      await q.lockSessionStudio(tx, sessionId);
      const result = await work(tx, outbox);
      const studio = await readStudio(tx, sessionId);
      await outbox.write(sessionTopic(sessionId), {
        kind: "broadcast",
        event: "studio.changed",
        payload: publicStudio(studio),
      });
      return { result, studio };
    });
}
