import { z } from "zod";
import { UNREAD_BADGE_MAX_COUNT } from "../constants";
import { seesAudience } from "../intents/rules";
import type { ViewerFlags } from "../roles/rules";
import type { SessionState, SessionType } from "../vocabulary";

/** Spec 2 §1: sidebar modules; 'sessions' is the multi-session schedule (spec 2 §2). */
export const SidebarModule = z.enum([
  "chat",
  "qa",
  "polls",
  "people",
  "backstagechat",
  "studio",
  "clips",
  "sessions",
]);
export type SidebarModule = z.infer<typeof SidebarModule>;

export interface ModuleContext {
  flags: ViewerFlags;
  session: {
    sessionType: SessionType;
    state: SessionState;
    chatDisabled: boolean;
    qaDisabled: boolean;
    hideAudience: boolean;
  };
  event: { multiSession: boolean; private: boolean; clippingDisabled: boolean };
}

/** Spec 2 §2 "Module visibility": disabled modules are hidden from guests; the team keeps them. */
export function visibleModules({ flags, session, event }: ModuleContext): SidebarModule[] {
  const isGuest = !flags.isTeam;
  const shown: Record<SidebarModule, boolean> = {
    chat: !(isGuest && session.chatDisabled),
    qa: !(isGuest && session.qaDisabled),
    polls: true,
    people: seesAudience({ isTeam: flags.isTeam, hideAudience: session.hideAudience }),
    backstagechat: flags.canUseBackstageChat && session.sessionType !== "lobby",
    studio: flags.isStudioAdmin,
    clips: !(isGuest && (event.clippingDisabled || event.private || session.state !== "ended")),
    sessions: event.multiSession,
  };
  return SidebarModule.options.filter((module) => shown[module]);
}

/** Spec 2 §2: unread badges show up to '10+'; nothing for zero. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_BADGE_MAX_COUNT ? `${UNREAD_BADGE_MAX_COUNT}+` : String(count);
}

/** Spec 2 §2: the polls badge is not shown to owner/admin. */
export function showsUnreadBadge(module: SidebarModule, flags: ViewerFlags): boolean {
  return !(module === "polls" && flags.isOwnerOrAdmin);
}

/**
 * Spec 2 §6: the settings menu that disables clipping is for channel members, studio admins and event
 * moderators (chat and Q&A are not the moderators': mayToggleChat).
 */
export function mayToggleClipping(flags: ViewerFlags): boolean {
  return flags.isOrgMember || flags.isStudioAdmin || flags.isEventModerator;
}

/** Spec 2 §8: the live audience has reached the live attendee limit (none known: never). */
export function isAtLiveAttendeeLimit(liveCount: number, limit: number | null): boolean {
  return limit !== null && limit > 0 && liveCount >= limit;
}
