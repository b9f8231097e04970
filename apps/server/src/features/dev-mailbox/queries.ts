import type { Queryable } from "../../platform/database";

/** Whether the user owns the install's first channel (the one `npm start`'s demo or its first host made). */
export async function ownsFirstChannel(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM organization_members
      WHERE user_id = $1 AND role = 'owner'
        AND organization_id = (SELECT min(id) FROM organizations WHERE deleted_at IS NULL)`,
    [userId],
  );
  return rows.length > 0;
}
