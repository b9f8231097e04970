import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import { type BroadcastType, type EventRole, type OrgRole, SessionState } from "../vocabulary";
import {
  countdownLabel,
  goLiveCountdown,
  goLivePopover,
  hostActions,
  isForcedDisconnect,
  recordingToggleRefusal,
  resetSessionRefusal,
  SESSION_TRANSITIONS,
  sessionTransitionRefusal,
  streamFailure,
} from "./rules";

const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds: [7] }, 7);
const host = as("host");
const goodPlan = { isActive: true, monthlyHoursExceeded: false };

describe("sessionTransitionRefusal: host actions (spec 2 §4)", () => {
  test.each<{
    case: string;
    from: SessionState;
    to: SessionState;
    broadcastType?: BroadcastType;
    streamState?: "countdown" | "recording";
    want: string | null;
  }>([
    { case: "enter greenroom", from: "scheduled", to: "greenroom", want: null },
    { case: "cancel/exit greenroom", from: "greenroom", to: "scheduled", want: null },
    { case: "go live", from: "greenroom", to: "broadcasting", want: null },
    { case: "end live", from: "broadcasting", to: "postevent", want: null },
    { case: "end event", from: "postevent", to: "ended", want: null },
    { case: "RTMP-native end", from: "broadcasting", to: "ended", broadcastType: "rtmp-native", want: null },
    { case: "reset from broadcasting", from: "broadcasting", to: "scheduled", want: null },
    { case: "reset from postevent", from: "postevent", to: "scheduled", want: null },
    { case: "reset from ended", from: "ended", to: "scheduled", want: null },
    {
      case: "webrtc cannot skip postevent",
      from: "broadcasting",
      to: "ended",
      broadcastType: "webrtc",
      want: "invalid_transition",
    },
    {
      case: "cannot go live from scheduled",
      from: "scheduled",
      to: "broadcasting",
      want: "invalid_transition",
    },
    { case: "cannot reopen an ended session", from: "ended", to: "broadcasting", want: "invalid_transition" },
    {
      case: "cannot go back to greenroom once on air",
      from: "broadcasting",
      to: "greenroom",
      streamState: "recording",
      want: "invalid_transition",
    },
    {
      case: "back to greenroom after a failed start (no stream on air)",
      from: "broadcasting",
      to: "greenroom",
      want: null,
    },
    {
      case: "cancel during the countdown",
      from: "broadcasting",
      to: "greenroom",
      streamState: "countdown",
      want: null,
    },
    { case: "no move to the same state", from: "scheduled", to: "scheduled", want: "invalid_transition" },
  ])("$case → $want", ({ from, to, broadcastType, streamState, want }) => {
    expect(
      sessionTransitionRefusal({ from, to, flags: host, plan: goodPlan, broadcastType, streamState }),
    ).toBe(want);
  });
});

describe("sessionTransitionRefusal: who (spec 2 §6) and plan (spec 2 §4)", () => {
  test.each([
    { case: "org owner", flags: as(null, "owner"), plan: goodPlan, want: null },
    { case: "org admin", flags: as(null, "admin"), plan: goodPlan, want: null },
    { case: "event admin", flags: as("admin"), plan: goodPlan, want: null },
    { case: "event host", flags: host, plan: goodPlan, want: null },
    { case: "org member", flags: as(null, "member"), plan: goodPlan, want: "forbidden" },
    { case: "moderator", flags: as("moderator"), plan: goodPlan, want: "forbidden" },
    { case: "speaker", flags: as("speaker"), plan: goodPlan, want: "forbidden" },
    { case: "guest", flags: as("guest"), plan: goodPlan, want: "forbidden" },
    {
      case: "inactive plan",
      flags: host,
      plan: { isActive: false, monthlyHoursExceeded: false },
      want: "no_minutes_left",
    },
    {
      case: "monthly hours exceeded",
      flags: host,
      plan: { isActive: true, monthlyHoursExceeded: true },
      want: "no_minutes_left",
    },
  ])("enter greenroom as $case → $want", ({ flags, plan, want }) => {
    expect(sessionTransitionRefusal({ from: "scheduled", to: "greenroom", flags, plan })).toBe(want);
  });

  test("an exhausted plan does not block ending a live session", () => {
    const plan = { isActive: false, monthlyHoursExceeded: true };
    expect(sessionTransitionRefusal({ from: "broadcasting", to: "postevent", flags: host, plan })).toBeNull();
  });

  test("every non-scheduled state can be reset to scheduled", () => {
    const resettable = SessionState.options.filter((s) => s !== "scheduled");
    const targets = resettable.map((from) =>
      SESSION_TRANSITIONS.some((t) => t.from === from && t.to === "scheduled"),
    );
    expect(targets).toEqual(resettable.map(() => true));
  });
});

describe("countdownLabel (spec 2 §4)", () => {
  test.each([
    { case: "start of the countdown", seconds: 10, want: "Take a breath" },
    { case: "just above 3", seconds: 4, want: "Take a breath" },
    { case: "at 3", seconds: 3, want: "Going live in" },
    { case: "below 3", seconds: 1, want: "Going live in" },
  ])("$case → $want", ({ seconds, want }) => {
    expect(countdownLabel(seconds)).toBe(want);
  });
});

const roles = {
  "org owner": as(null, "owner"),
  "org admin": as(null, "admin"),
  "event host": host,
  "event admin": as("admin"),
  moderator: as("moderator"),
  speaker: as("speaker"),
  guest: as("guest"),
  "signed out": viewerFlags({ userId: null, eventRole: null, orgRole: null }, 7),
};
const HOST_LEVEL = new Set(["org owner", "org admin", "event host", "event admin"]);

describe("reset, recording and the host bar by role (spec 2 §4, §6, §7)", () => {
  test.each(Object.entries(roles))("%s", (name, flags) => {
    const hostLevel = HOST_LEVEL.has(name);
    expect(resetSessionRefusal(flags)).toBe(hostLevel ? null : "forbidden");
    expect(recordingToggleRefusal({ state: "broadcasting", flags })).toBe(hostLevel ? null : "forbidden");
    expect(hostActions("postevent", flags, "webrtc").map((t) => t.action)).toEqual(
      hostLevel ? ["end_event"] : [],
    );
    expect(isForcedDisconnect("ended", flags)).toBe(!hostLevel);
  });
});

describe("recordingToggleRefusal: only while broadcasting", () => {
  test.each(SessionState.options)("%s", (state) => {
    expect(recordingToggleRefusal({ state, flags: host })).toBe(
      state === "broadcasting" ? null : "invalid_transition",
    );
  });
});

describe("hostActions: the bar's moves per state", () => {
  test.each<{ state: SessionState; broadcastType: BroadcastType; want: string[] }>([
    { state: "scheduled", broadcastType: "webrtc", want: ["enter_greenroom"] },
    { state: "greenroom", broadcastType: "webrtc", want: ["exit_greenroom", "go_live"] },
    { state: "broadcasting", broadcastType: "webrtc", want: ["end_live"] },
    { state: "broadcasting", broadcastType: "rtmp-native", want: ["end_rtmp_native"] },
    { state: "broadcasting", broadcastType: "rtmp", want: ["end_live"] },
    { state: "postevent", broadcastType: "webrtc", want: ["end_event"] },
    { state: "ended", broadcastType: "webrtc", want: [] },
  ])("$state ($broadcastType) → $want", ({ state, broadcastType, want }) => {
    expect(hostActions(state, host, broadcastType).map((t) => t.action)).toEqual(want);
  });
});

describe("isForcedDisconnect: only ended, only non-admins", () => {
  test.each(SessionState.options)("%s", (state) => {
    expect(isForcedDisconnect(state, roles.guest)).toBe(state === "ended");
    expect(isForcedDisconnect(state, host)).toBe(false);
  });
});

describe("goLivePopover (spec 2 §4)", () => {
  test.each([
    {
      case: "single session, followers, public",
      multi: false,
      followers: 3,
      priv: false,
      steps: ["record"],
      notify: true,
    },
    {
      case: "multi-session asks first",
      multi: true,
      followers: 3,
      priv: false,
      steps: ["call_audience", "record"],
      notify: true,
    },
    { case: "no followers", multi: false, followers: 0, priv: false, steps: ["record"], notify: false },
    { case: "private event", multi: false, followers: 3, priv: true, steps: ["record"], notify: false },
  ])("$case", ({ multi, followers, priv, steps, notify }) => {
    expect(goLivePopover({ multiSession: multi, followerCount: followers, isPrivate: priv })).toEqual({
      steps,
      canNotifyFollowers: notify,
    });
  });
});

describe("goLiveCountdown (spec 2 §4, §8)", () => {
  test.each([
    { elapsedMs: 0, want: { phase: "counting", secondsLeft: 10, label: "Take a breath" } },
    { elapsedMs: 999, want: { phase: "counting", secondsLeft: 10, label: "Take a breath" } },
    { elapsedMs: 6_000, want: { phase: "counting", secondsLeft: 4, label: "Take a breath" } },
    { elapsedMs: 7_000, want: { phase: "counting", secondsLeft: 3, label: "Going live in" } },
    { elapsedMs: 9_999, want: { phase: "counting", secondsLeft: 1, label: "Going live in" } },
    { elapsedMs: 10_000, want: { phase: "waiting" } },
    { elapsedMs: 15_000, want: { phase: "waiting" } },
    { elapsedMs: 15_001, want: { phase: "stuck" } },
    { elapsedMs: -500, want: { phase: "counting", secondsLeft: 10, label: "Take a breath" } },
  ])("$elapsedMs ms → $want.phase", ({ elapsedMs, want }) => {
    expect(goLiveCountdown(elapsedMs)).toEqual(want);
  });
});

describe("streamFailure (spec 1 §4 stream error toasts, spec 2 §8)", () => {
  test.each([
    { case: "host, failed start", onAir: false, flags: host, title: "Failed to go live", to: "greenroom" },
    {
      case: "guest, failed start",
      onAir: false,
      flags: roles.guest,
      title: "An error occurred going live",
      to: "greenroom",
    },
    {
      case: "host, failed broadcast",
      onAir: true,
      flags: host,
      title: "An error occurred during streaming",
      to: "postevent",
    },
    {
      case: "guest, failed broadcast",
      onAir: true,
      flags: roles.guest,
      title: "An error occurred during streaming",
      to: "postevent",
    },
  ])("$case", ({ onAir, flags, title, to }) => {
    const failure = streamFailure(onAir, flags);
    expect([failure.title, failure.recoverTo]).toEqual([title, to]);
  });
});
