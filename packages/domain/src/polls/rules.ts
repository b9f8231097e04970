import { isHostLevel, type ViewerFlags } from "../roles/rules";

/** Spec 2 §6: owner/admin, moderators and org members create, edit, delete, reorder and toggle polls. */
export function canManagePolls(flags: ViewerFlags): boolean {
  return isHostLevel(flags) || flags.isEventModerator || flags.isOrgMember;
}

/** Spec 2 §6: everyone else sees only polls that are not hidden. */
export function canSeePoll(flags: ViewerFlags, poll: { hidden: boolean }): boolean {
  return !poll.hidden || canManagePolls(flags);
}
