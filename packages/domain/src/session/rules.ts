import {
  COUNTDOWN_STUCK_MS,
  GO_LIVE_COUNTDOWN_FINAL_SECONDS,
  GO_LIVE_COUNTDOWN_START_SECONDS,
} from "../constants";
import { isHostLevel, type ViewerFlags } from "../roles/rules";
import type { BroadcastType, SessionState, StreamActiveState } from "../vocabulary";

export type SessionAction =
  | "enter_greenroom"
  | "exit_greenroom"
  | "go_live"
  | "end_live"
  | "end_event"
  | "end_rtmp_native"
  | "cancel_go_live"
  | "reset_session";

export interface SessionTransition {
  from: SessionState;
  to: SessionState;
  action: SessionAction;
}

/** Spec 2 §4 "Host actions"; reset-session (spec 2 §7) returns any other state to scheduled. */
export const SESSION_TRANSITIONS: readonly SessionTransition[] = [
  { from: "scheduled", to: "greenroom", action: "enter_greenroom" },
  { from: "greenroom", to: "scheduled", action: "exit_greenroom" },
  { from: "greenroom", to: "broadcasting", action: "go_live" },
  // Spec 2 §4 "cancelling is possible during" the countdown, and spec 1 §4 'Redirecting back to
  // greenroom' after a failed start: back to the greenroom, never once on air.
  { from: "broadcasting", to: "greenroom", action: "cancel_go_live" },
  { from: "broadcasting", to: "postevent", action: "end_live" },
  { from: "postevent", to: "ended", action: "end_event" },
  // Spec 2 §4: RTMP-native end sets the session straight to ended.
  { from: "broadcasting", to: "ended", action: "end_rtmp_native" },
  { from: "broadcasting", to: "scheduled", action: "reset_session" },
  { from: "postevent", to: "scheduled", action: "reset_session" },
  { from: "ended", to: "scheduled", action: "reset_session" },
];

export type SessionTransitionRefusal = "invalid_transition" | "forbidden" | "no_minutes_left";

export function findSessionTransition(from: SessionState, to: SessionState): SessionTransition | null {
  return SESSION_TRANSITIONS.find((t) => t.from === from && t.to === to) ?? null;
}

export function sessionTransitionRefusal(input: {
  from: SessionState;
  to: SessionState;
  flags: ViewerFlags;
  plan: { isActive: boolean; monthlyHoursExceeded: boolean };
  broadcastType?: BroadcastType;
  /** The session's live stream state (cancel_go_live is refused once it is on air). */
  streamState?: StreamActiveState | null;
}): SessionTransitionRefusal | null {
  // Spec 2 §6: only owner or admin see host controls and the End button; the event host counts too.
  if (!isHostLevel(input.flags)) return "forbidden";
  const transition = findSessionTransition(input.from, input.to);
  if (transition === null) return "invalid_transition";
  if (transition.action === "end_rtmp_native" && input.broadcastType !== "rtmp-native") {
    return "invalid_transition";
  }
  // Back to the greenroom before the stream is on air: a cancelled countdown, or a failed start.
  if (transition.action === "cancel_go_live" && isOnAir(input.streamState)) return "invalid_transition";
  // Spec 2 §4 / spec 3 §4: entering the greenroom needs an active plan within its monthly hours.
  if (transition.action === "enter_greenroom" && (!input.plan.isActive || input.plan.monthlyHoursExceeded)) {
    return "no_minutes_left";
  }
  return null;
}

/** Spec 2 §4: 'Take a breath' above 3, 'Going live in' at 3 or below. */
export function countdownLabel(secondsLeft: number): "Take a breath" | "Going live in" {
  return secondsLeft > GO_LIVE_COUNTDOWN_FINAL_SECONDS ? "Take a breath" : "Going live in";
}

/** Spec 2 §7 reset-session: host level, from any state back to scheduled (a stuck or failed start). */
export function resetSessionRefusal(flags: ViewerFlags): "forbidden" | null {
  return isHostLevel(flags) ? null : "forbidden";
}

/** Spec 2 §4: recording is started or paused only while broadcasting, by the host level. */
export function recordingToggleRefusal(input: {
  state: SessionState;
  flags: ViewerFlags;
}): "forbidden" | "invalid_transition" | null {
  if (!isHostLevel(input.flags)) return "forbidden";
  return input.state === "broadcasting" ? null : "invalid_transition";
}

/** The host control bar's buttons in a state (spec 2 §4, §6): the moves this viewer may make. */
export function hostActions(state: SessionState, flags: ViewerFlags, broadcastType: BroadcastType) {
  if (!isHostLevel(flags)) return [];
  return SESSION_TRANSITIONS.filter(
    (t) =>
      t.from === state &&
      t.action !== "reset_session" &&
      // Cancelling belongs to the countdown overlay, not the bar.
      t.action !== "cancel_go_live" &&
      endsAs(t.action, broadcastType),
  );
}

/**
 * Spec 2 §4 "RTMP-native end sets the session to ended": an rtmp-native broadcast's one End is that
 * one (no post-event step to end again); every other type ends live into postevent.
 */
function endsAs(action: SessionAction, broadcastType: BroadcastType): boolean {
  if (action === "end_rtmp_native") return broadcastType === "rtmp-native";
  return action !== "end_live" || broadcastType !== "rtmp-native";
}

/**
 * Spec 2 §4 "ended sets a forced-disconnect flag for non-admins": everyone but the host level leaves
 * an ended session; derived from the published state, so no separate flag travels.
 */
export function isForcedDisconnect(state: SessionState, flags: ViewerFlags): boolean {
  return state === "ended" && !isHostLevel(flags);
}

/** Spec 2 §4: moving to ended or scheduled takes everyone off the stage. */
export const leavesStage = (state: SessionState) => state === "ended" || state === "scheduled";

export type GoLiveStep = "call_audience" | "record";

/**
 * Spec 2 §4 go-live popover: a multi-session event first asks whether to call the audience; then go
 * live and record, or go live only. Notify followers only when there are followers and the event is
 * not private.
 */
export function goLivePopover(input: { multiSession: boolean; followerCount: number; isPrivate: boolean }): {
  steps: GoLiveStep[];
  canNotifyFollowers: boolean;
} {
  return {
    steps: input.multiSession ? ["call_audience", "record"] : ["record"],
    canNotifyFollowers: mayNotifyFollowers(input),
  };
}

export const mayNotifyFollowers = (input: { followerCount: number; isPrivate: boolean }) =>
  input.followerCount > 0 && !input.isPrivate;

export type GoLiveCountdown =
  | { phase: "counting"; secondsLeft: number; label: "Take a breath" | "Going live in" }
  /** Reached 0, the stream is not on air yet. */
  | { phase: "waiting" }
  /** Spec 2 §8: still waiting COUNTDOWN_STUCK_MS after reaching 0. */
  | { phase: "stuck" };

/**
 * Spec 2 §4, §8: where the go-live countdown is `elapsedMs` after the stream row appeared. It ends only
 * when the stream goes on air (recording or streaming), which the caller watches.
 */
export function goLiveCountdown(elapsedMs: number): GoLiveCountdown {
  const elapsedSeconds = Math.floor(Math.max(0, elapsedMs) / 1_000);
  const secondsLeft = GO_LIVE_COUNTDOWN_START_SECONDS - elapsedSeconds;
  if (secondsLeft > 0) return { phase: "counting", secondsLeft, label: countdownLabel(secondsLeft) };
  const sinceZero = elapsedMs - GO_LIVE_COUNTDOWN_START_SECONDS * 1_000;
  return sinceZero > COUNTDOWN_STUCK_MS ? { phase: "stuck" } : { phase: "waiting" };
}

const isOnAir = (state: StreamActiveState | null | undefined) =>
  state === "recording" || state === "streaming";

/**
 * Spec 1 §4 stream error toasts and spec 2 §8 'Failed to go live': what a room says when its stream
 * fails, and where the host level takes the session (a failed start back to the greenroom, a failed
 * broadcast to postevent, from where it may be reset).
 */
export function streamFailure(wasOnAir: boolean, flags: ViewerFlags) {
  const recoverTo: SessionState = wasOnAir ? "postevent" : "greenroom";
  if (wasOnAir) {
    return {
      title: "An error occurred during streaming",
      description: "Ending stream. To try again, reset the session.",
      recoverTo,
    };
  }
  const title = isHostLevel(flags) ? "Failed to go live" : "An error occurred going live";
  return { title, description: "Redirecting back to greenroom", recoverTo };
}
