import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import { type BroadcastType, type EventRole, type OrgRole, SessionState } from "../vocabulary";
import { countdownLabel, SESSION_TRANSITIONS, sessionTransitionRefusal } from "./rules";

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
      case: "cannot go back to greenroom",
      from: "broadcasting",
      to: "greenroom",
      want: "invalid_transition",
    },
    { case: "no move to the same state", from: "scheduled", to: "scheduled", want: "invalid_transition" },
  ])("$case → $want", ({ from, to, broadcastType, want }) => {
    expect(sessionTransitionRefusal({ from, to, flags: host, plan: goodPlan, broadcastType })).toBe(want);
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
