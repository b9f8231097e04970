import type { Queryable } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";

/**
 * Runs a change to what the event page shows of the event, and tells event:{id} once it has committed:
 * every node's cached pages of the event go (events/public-pages.ts).
 */
export function changeEvent<T>(
  { db, realtime }: Pick<FeatureDeps, "db" | "realtime">,
  eventId: number,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return withOutbox(db, realtime, async (tx, outbox) => {
    const result = await work(tx);
    await outbox.write(
      { kind: "event", id: eventId },
      { kind: "broadcast", event: "event.updated", payload: { eventId } },
    );
    return result;
  });
}
