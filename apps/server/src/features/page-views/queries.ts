import type { Queryable } from "../../platform/database";

/** The live event a page view names, with its channel; null when it is unknown or deleted. */
export async function findViewedEvent(
  db: Queryable,
  eventId: number,
): Promise<{ eventId: number; organizationId: number } | null> {
  const [row] = await db.query<{ eventId: number; organizationId: number }>(
    `SELECT id AS "eventId", organization_id AS "organizationId" FROM events WHERE id = $1 AND deleted_at IS NULL`,
    [eventId],
  );
  return row ?? null;
}
