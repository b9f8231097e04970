import { canSeeArchivedEvent, isHostLevel, type ViewerFlags } from "../roles/rules";
import type { EventAccess, SessionState } from "../vocabulary";

export type EventPageView = "landing" | "room" | "not_found";

/** Spec 1 §4 "Landing page versus live room versus not found". */
export function eventPageView(input: {
  event: { deleted: boolean; archived: boolean; access: EventAccess } | null;
  viewer: ViewerFlags & { hasRole: boolean };
  sessionState: SessionState | null;
  /** The landing page's 'watch replay' button: the room's replay once the session is over. */
  wantsReplay?: boolean;
}): EventPageView {
  const { event, viewer, sessionState } = input;
  if (event === null || event.deleted) return "not_found";
  if (event.archived && !canSeeArchivedEvent(viewer)) return "not_found";
  if (event.access === "open") return "room";
  // Owners, admins, the host, channel members and the session's speakers may enter before going live.
  const isPrivileged = isHostLevel(viewer) || viewer.isOrgMember || viewer.isEventSpeaker;
  // A channel role is a role on every event of the channel.
  const hasRole = viewer.hasRole || viewer.isOwnerOrAdmin || viewer.isOrgMember;
  if (hasRole && sessionState !== null) {
    if (isPrivileged && sessionState !== "scheduled" && sessionState !== "ended") return "room";
    if (sessionState === "broadcasting") return "room";
    if (input.wantsReplay && (sessionState === "postevent" || sessionState === "ended")) return "room";
  }
  return "landing";
}
