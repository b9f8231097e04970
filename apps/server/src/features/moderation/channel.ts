import { canManageChannel, Forbidden } from "@onstage/domain";
import { findOrgRole } from "../../kernel/access/queries";
import type { Queryable } from "../../platform/database";

/** Spec 1 §6: banned users are managed under /settings, the channel's owner and admins' page. */
export async function requireChannelManager(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<void> {
  if (!canManageChannel(await findOrgRole(db, organizationId, userId))) throw Forbidden();
}
