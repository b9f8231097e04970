import { PRESENCE_LIVE_WINDOW_MS } from "../constants";
import type { SessionState } from "../vocabulary";

export type PresenceState = "active" | "offline" | "on_stage";

/** Spec 2 §9 / spec 3 §9: active or on stage, and seen within the last 90 s. */
export function isLive(input: { state: PresenceState; lastSeen: number }, now: number): boolean {
  return input.state !== "offline" && now - input.lastSeen <= PRESENCE_LIVE_WINDOW_MS;
}

/**
 * Spec 2 §4: joining a session makes it active and every other session of the user in the same event
 * offline ("switching session"); being on stage survives a heartbeat.
 */
export function presenceOnJoin(current: PresenceState | null): PresenceState {
  return current === "on_stage" ? "on_stage" : "active";
}

/** Spec 1 §4: one active browser tab per user in a session that is broadcasting, in greenroom or postevent. */
export function requiresSingleTab(state: SessionState): boolean {
  return state === "broadcasting" || state === "greenroom" || state === "postevent";
}

export type TabClaim = "granted" | "taken_elsewhere";

/** Spec 1 §4 duplicate tab: free or own slot is granted; another tab's slot only on take-over. */
export function claimActiveTab(input: {
  activeBrowserId: string | null;
  browserId: string;
  takeOver: boolean;
}): TabClaim {
  if (input.activeBrowserId === null || input.activeBrowserId === input.browserId || input.takeOver) {
    return "granted";
  }
  return "taken_elsewhere";
}
