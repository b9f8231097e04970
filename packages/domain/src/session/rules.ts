import { GO_LIVE_COUNTDOWN_FINAL_SECONDS } from "../constants";
import { isHostLevel, type ViewerFlags } from "../roles/rules";
import type { BroadcastType, SessionState } from "../vocabulary";

export type SessionAction =
  | "enter_greenroom"
  | "exit_greenroom"
  | "go_live"
  | "end_live"
  | "end_event"
  | "end_rtmp_native"
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
}): SessionTransitionRefusal | null {
  // Spec 2 §6: only owner or admin see host controls and the End button; the event host counts too.
  if (!isHostLevel(input.flags)) return "forbidden";
  const transition = findSessionTransition(input.from, input.to);
  if (transition === null) return "invalid_transition";
  if (transition.action === "end_rtmp_native" && input.broadcastType !== "rtmp-native") {
    return "invalid_transition";
  }
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
