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

/**
 * Spec 1 §4 with spec 2 §9: the active tab holds the session while it heartbeats within the live window;
 * a tab killed without unloading (no leave beacon) stops heartbeating and holds it no longer. Never
 * stamped counts as stale.
 */
export function isActiveBrowserStale(activeBrowserSeenAt: number | null, now: number): boolean {
  return activeBrowserSeenAt === null || now - activeBrowserSeenAt > PRESENCE_LIVE_WINDOW_MS;
}

/** Spec 1 §4 duplicate tab: a free, stale or own slot is granted; another live tab's slot only on take-over. */
export function claimActiveTab(input: {
  activeBrowserId: string | null;
  activeBrowserSeenAt: number | null;
  browserId: string;
  takeOver: boolean;
  now: number;
}): TabClaim {
  const isFree = input.activeBrowserId === null || isActiveBrowserStale(input.activeBrowserSeenAt, input.now);
  if (isFree || input.activeBrowserId === input.browserId || input.takeOver) return "granted";
  return "taken_elsewhere";
}
