import type { EventRole, OrgRole, SessionState } from "../vocabulary";

/** Who is looking: the signed-in user's event role and channel (organization) role. */
export interface Viewer {
  userId: number | null;
  eventRole: EventRole | null;
  orgRole: OrgRole | null;
  /** Spec 1 §6: speakers are recorded per video session. */
  speakerSessionIds?: readonly number[];
}

/** Spec 2 §6: the flags every permission rule reads. */
export interface ViewerFlags {
  isOwnerOrAdmin: boolean;
  isOrgMember: boolean;
  isEventHost: boolean;
  isEventAdmin: boolean;
  isEventModerator: boolean;
  isEventSpeaker: boolean;
  canComeOnStage: boolean;
  canUseBackstageChat: boolean;
  canSeeGoLive: boolean;
  isStudioAdmin: boolean;
  canManagePeople: boolean;
  isTeam: boolean;
}

export function viewerFlags(viewer: Viewer, sessionId: number | null): ViewerFlags {
  const { eventRole, orgRole } = viewer;
  const isOwnerOrAdmin =
    orgRole === "owner" || orgRole === "admin" || eventRole === "owner" || eventRole === "admin";
  const isOrgMember = orgRole !== null;
  // Spec 1 §6: the 'hosts' group is host and owner.
  const isEventHost = eventRole === "host" || eventRole === "owner";
  const isEventAdmin = eventRole === "admin";
  const isEventModerator = eventRole === "moderator";
  // Spec 2 §6: a Speaker counts only if assigned to the current session, otherwise Guest.
  const isEventSpeaker =
    eventRole === "speaker" && sessionId !== null && (viewer.speakerSessionIds ?? []).includes(sessionId);
  const hostLevel = isOwnerOrAdmin || isEventHost;
  // Spec 1 §6: people controls are for org owners/admins, org members, or event host/admin/moderator.
  const canManagePeople = hostLevel || isOrgMember || isEventModerator;
  return {
    isOwnerOrAdmin,
    isOrgMember,
    isEventHost,
    isEventAdmin,
    isEventModerator,
    isEventSpeaker,
    // Moderators run chat, Q&A and people from the sidebar; only hosts, the team and speakers go on stage.
    canComeOnStage: hostLevel || isOrgMember || isEventSpeaker,
    canUseBackstageChat: canManagePeople || isEventSpeaker,
    // Spec 2 §6: only owner or admin see host controls and the End button; the event host runs the show.
    canSeeGoLive: hostLevel,
    isStudioAdmin: hostLevel,
    canManagePeople,
    isTeam: canManagePeople || isEventSpeaker,
  };
}

/**
 * Spec 2 §6 "owner or admin", widened to the event host: the host runs the session, so every
 * control the spec gives owners and admins is also theirs.
 */
export function isHostLevel(flags: ViewerFlags): boolean {
  return flags.isOwnerOrAdmin || flags.isEventHost;
}

/** Spec 1 §4, §6: owners, admins and channel members still see archived events. */
export function canSeeArchivedEvent(flags: ViewerFlags): boolean {
  return flags.isOwnerOrAdmin || flags.isOrgMember;
}

const ROLE_SHORTHAND: Record<EventRole, string | null> = {
  host: "HOST",
  owner: "HOST",
  admin: "ADMIN",
  moderator: "MOD",
  speaker: "SPEAKER",
  guest: null,
};

/** Spec 1 §2: HOST for channel members and hosts, else the role shorthand; one letter when truncated. */
export function roleBadge(input: {
  eventRole: EventRole | null;
  isOrgMember: boolean;
  truncated?: boolean;
}): string | null {
  const badge = input.isOrgMember ? "HOST" : input.eventRole ? ROLE_SHORTHAND[input.eventRole] : null;
  if (badge === null) return null;
  return input.truncated ? badge.slice(0, 1) : badge;
}

/**
 * Spec 2 §4, §6: once the session is ended, its owner or admin (the host level, who ended it) gives
 * feedback; no one else, and not before.
 */
export function mayGiveHostFeedback(flags: ViewerFlags, state: SessionState): boolean {
  return isHostLevel(flags) && state === "ended";
}
