import { STAGE_CAPACITY_USERS } from "../constants";
import { isHostLevel, type ViewerFlags } from "../roles/rules";
import type { BroadcastType, EventAccess, EventRole, SessionState } from "../vocabulary";

// Spec 1 §2 "Studio sidebar people row": invite, accept, remove, ban and unban.

/** Spec 1 §6: the exact ban gate is not shown; the people-control roles may ban (docs/decisions.md). */
export function canBan(flags: ViewerFlags): boolean {
  return flags.canManagePeople;
}

/** Spec 1 §6: unbanning is for the same team roles that see the user-management menu. */
export function canUnban(flags: ViewerFlags): boolean {
  return flags.canManagePeople;
}

export type RemoveAttendeeRefusal = "forbidden" | "self" | "channel_member" | "not_guest" | "hide_unregister";

/** Spec 1 §5 "Remove Attendee". */
export function removeAttendeeRefusal(input: {
  actor: ViewerFlags;
  actorUserId: number | null;
  target: { userId: number; eventRole: EventRole | null; isOrgMember: boolean };
  hideUnregister: boolean;
}): RemoveAttendeeRefusal | null {
  const { actor, target } = input;
  if (!isHostLevel(actor)) return "forbidden";
  if (input.actorUserId !== null && target.userId === input.actorUserId) return "self";
  if (target.isOrgMember) return "channel_member";
  if (target.eventRole !== null && target.eventRole !== "guest") return "not_guest";
  if (input.hideUnregister) return "hide_unregister";
  return null;
}

/** Spec 2 §4 / spec 1 §4: a team member can enter a session unless it is scheduled or ended. */
export function sessionCanBeEntered(state: SessionState): boolean {
  return state !== "scheduled" && state !== "ended";
}

export type InviteToStageRefusal =
  | "forbidden"
  | "session_closed"
  | "self"
  | "already_on_stage"
  | "hand_raised"
  | "rtmp_broadcast"
  | "stage_full";

/** Spec 1 §5 "Invite to stage requires ...". */
export function inviteToStageRefusal(input: {
  actor: ViewerFlags;
  actorUserId: number | null;
  target: { userId: number; isOnStage: boolean; hasRaisedHand: boolean };
  session: { state: SessionState; broadcastType: BroadcastType };
  onStageCount: number;
}): InviteToStageRefusal | null {
  const { actor, target, session } = input;
  if (!actor.canManagePeople) return "forbidden";
  if (!sessionCanBeEntered(session.state)) return "session_closed";
  if (input.actorUserId !== null && target.userId === input.actorUserId) return "self";
  if (target.isOnStage) return "already_on_stage";
  // A raised hand is answered with Accept/Ignore instead of an invite.
  if (target.hasRaisedHand) return "hand_raised";
  if (session.broadcastType !== "webrtc") return "rtmp_broadcast";
  if (input.onStageCount >= STAGE_CAPACITY_USERS) return "stage_full";
  return null;
}

/** Spec 1 §5: Accept/Ignore needs an owner/admin (or the host) and a raised hand. */
export function canAcceptHandRaise(input: { actor: ViewerFlags; hasRaisedHand: boolean }): boolean {
  return isHostLevel(input.actor) && input.hasRaisedHand;
}

export type BanChoice = "shadow" | "remove" | "channel";

/**
 * Spec 1 §5 ban confirm: 'I understand this action will remove their access to free or purchased
 * content.' must be ticked for "certain events" (docs/decisions.md): a ban that removes the user
 * (ban and remove, ban from channel) from an event they reach through a registration, a ticket or a
 * membership. A shadow ban removes nothing, and an open event is free to everyone anyway.
 */
export function banNeedsAccessConfirm(input: { access: EventAccess; choice: BanChoice }): boolean {
  return input.choice !== "shadow" && input.access !== "open";
}

/**
 * Spec 2 §6: only members or admins see the active count next to the registered count; guests see
 * registered only. "Admins" widened to the event host, as for the other owner-or-admin controls.
 */
export function seesActiveCount(flags: ViewerFlags): boolean {
  return flags.isOrgMember || isHostLevel(flags);
}
