import { canManageChannel, Forbidden, type OrgRole } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

/** Spec 1 §6: banned users are managed under /settings, the channel's owner and admins' page. */
export async function requireChannelManager(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<void> {
  const [r] = await db.query<{ role: OrgRole }>(
    "SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2",
    [organizationId, userId],
  );
  if (!canManageChannel(r?.role ?? null)) throw Forbidden();
}
