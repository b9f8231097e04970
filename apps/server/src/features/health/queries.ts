import type { Queryable } from "../../platform/database";

/** A round trip to the database: it answers. */
export async function ping(db: Queryable): Promise<void> {
  await db.query("SELECT 1");
}
