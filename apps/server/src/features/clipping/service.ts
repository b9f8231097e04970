import {
  type ClipPage,
  Forbidden,
  mayToggleClipping,
  NotFound,
  type ToggleClippingBody,
} from "@onstage/domain";
import { requireTopicReader } from "../../kernel/access/topic-access";
import type { Queryable } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import {
  findClip,
  findClipBySlug,
  findClipEvent,
  lockClippingDisabled,
  setClippingDisabled,
} from "./queries";

// Spec 2 §7 toggle-clipping: viewers' clipping, on or off for the whole event.

export function clippingService({ db, realtime }: Pick<FeatureDeps, "db" | "realtime">) {
  return {
    /** The event's setting after the call; the event topic hears of a change (not of a repeat). */
    async toggleClipping(viewerUserId: number, body: ToggleClippingBody): Promise<boolean> {
      const access = await requireTopicReader(db, viewerUserId, { kind: "event", id: body.event_id });
      if (!mayToggleClipping(access.flags)) throw Forbidden();
      await withOutbox(db, realtime, async (tx, outbox) => {
        const current = await lockClippingDisabled(tx, body.event_id);
        if (current === null) throw NotFound("event_not_found");
        if (current === body.disable_clipping) return;
        await setClippingDisabled(tx, body.event_id, body.disable_clipping);
        await outbox.write(
          { kind: "event", id: body.event_id },
          {
            kind: "broadcast",
            event: "clipping.toggled",
            payload: { disableClipping: body.disable_clipping },
          },
        );
      });
      return body.disable_clipping;
    },
  };
}

/** Issue 26 §3: the public clip page's data (by slug, or the event page's clip_id); none before it is cut. */
export async function findClipPage(
  db: Queryable,
  clip: { slug: string } | { id: number },
): Promise<ClipPage | null> {
  const found = "slug" in clip ? await findClipBySlug(db, clip.slug) : await findClip(db, clip.id);
  if (found?.clip.render.state !== "ready") return null;
  const event = await findClipEvent(db, found.clip.eventId);
  return event && { clip: found.clip, event };
}
