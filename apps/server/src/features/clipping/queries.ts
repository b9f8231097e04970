import type { Queryable } from "../../platform/database";

/** The event's disable_clipping, locked for the toggle; null when the event is gone. */
export async function lockClippingDisabled(tx: Queryable, eventId: number): Promise<boolean | null> {
  const [row] = await tx.query<{ disable_clipping: boolean }>(
    "SELECT disable_clipping FROM events WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    [eventId],
  );
  return row ? row.disable_clipping : null;
}

export async function setClippingDisabled(tx: Queryable, eventId: number, disabled: boolean): Promise<void> {
  await tx.query("UPDATE events SET disable_clipping = $2, updated_at = now() WHERE id = $1", [
    eventId,
    disabled,
  ]);
}
