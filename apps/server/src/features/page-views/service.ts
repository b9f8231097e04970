import { NotFound, type PageViewRequest, RateLimited } from "@onstage/domain";
import { countAttempt, isOverLimit, type ThrottleKey } from "../auth/service";
import type { FeatureDeps } from "../deps";
import { findViewedEvent } from "./queries";

/** Spec 1 §7: 'view-event-page-next-page', with the link's utm fields and clip, for the sources chart. */
export function pageViewsService({ db, tracker }: Pick<FeatureDeps, "db" | "tracker">) {
  return {
    async record(
      eventId: number,
      viewer: { userId: number | null; address: string },
      source: PageViewRequest,
    ): Promise<void> {
      const address: ThrottleKey = { scope: "page-view", value: viewer.address };
      if (await isOverLimit(db, address)) throw RateLimited("too_fast");
      await countAttempt(db, [address]);
      const event = await findViewedEvent(db, eventId);
      if (!event) throw NotFound("event_not_found");
      const { clip_id: clipId, ...utm } = source;
      await tracker.track("view-event-page-next-page", {
        userId: viewer.userId,
        eventId,
        organizationId: event.organizationId,
        properties: clipId === undefined ? utm : { ...utm, clipId },
      });
    },
  };
}

export type PageViewsService = ReturnType<typeof pageViewsService>;
