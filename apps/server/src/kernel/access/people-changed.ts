import type { Queryable } from "../../platform/database";
import type { Outbox } from "../../platform/realtime/outbox";
import { channelEventIds } from "./queries";

/**
 * The events' people lists read the user's row again (a role, a ban), and every node's cached pages of
 * the events drop what showed the user's standing (events/public-pages.ts).
 */
export async function tellPeopleChanged(
  outbox: Outbox,
  eventIds: readonly number[],
  userId: number,
): Promise<void> {
  await outbox.writeEach("event", eventIds, {
    kind: "broadcast",
    event: "people.changed",
    payload: { userId },
  });
}

/** The same for every event of a channel: the user's channel role or channel ban changed. */
export async function tellChannelPeopleChanged(
  tx: Queryable,
  outbox: Outbox,
  organizationId: number,
  userId: number,
): Promise<void> {
  await tellPeopleChanged(outbox, await channelEventIds(tx, organizationId), userId);
}
