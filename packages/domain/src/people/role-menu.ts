import type { ViewerFlags } from "../roles/rules";
import type { EventRole } from "../vocabulary";

// Spec 1 §4 "Role change" and §5 "Role menu".

/** Spec 1 §5: shown when a team member tries to change a channel member's event role. */
export const CHANNEL_MEMBER_ROLE_MESSAGE =
  "This user is a member of the channel. Please remove them to change their roles in events.";

/** 'owner' is the event's creator and never assigned from the menu. */
const ASSIGNABLE_ROLES: readonly EventRole[] = ["host", "admin", "moderator", "speaker", "guest"];

export interface RoleMenuTarget {
  hasPendingHandRaise: boolean;
  isBanned: boolean;
}

/**
 * Spec 1 §5: hidden for a pending hand raise or a ban; shown to org members or event host/admin.
 * 'admin' is offered only by channel members, who alone may hand out channel-level power.
 */
export function roleMenuVisibility(input: { actor: ViewerFlags; target: RoleMenuTarget }): {
  visible: boolean;
  options: readonly EventRole[];
} {
  const { actor, target } = input;
  const mayOpen = actor.isOrgMember || actor.isOwnerOrAdmin || actor.isEventHost;
  const visible = mayOpen && !target.hasPendingHandRaise && !target.isBanned;
  if (!visible) return { visible, options: [] };
  return { visible, options: ASSIGNABLE_ROLES.filter((role) => role !== "admin" || actor.isOrgMember) };
}

export type RoleChangeRefusal = "forbidden" | "channel_member" | "role_not_offered" | "unchanged";

export function roleChangeRefusal(input: {
  actor: ViewerFlags;
  target: RoleMenuTarget & { isOrgMember: boolean; eventRole: EventRole | null };
  newRole: EventRole;
}): RoleChangeRefusal | null {
  const menu = roleMenuVisibility(input);
  if (!menu.visible) return "forbidden";
  // Spec 1 §5: channel members keep their channel power; they must be removed from the channel first.
  if (input.target.isOrgMember) return "channel_member";
  if (!menu.options.includes(input.newRole)) return "role_not_offered";
  // Spec 1 §4: Save is enabled only when the pick differs from the current role.
  return input.newRole === (input.target.eventRole ?? "guest") ? "unchanged" : null;
}
