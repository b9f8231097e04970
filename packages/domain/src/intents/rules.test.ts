import { describe, expect, test } from "vitest";
import type { IntentType } from "../vocabulary";
import {
  handRaisingOpen,
  hostControls,
  hostSettingRefusal,
  type IntentAction,
  type IntentActor,
  isIntentMovePublic,
  nextIntent,
  seesAudience,
} from "./rules";

type From = IntentType | null;
const row = (from: From, action: IntentAction, actor: IntentActor, want: From | string) => ({
  from,
  action,
  actor,
  want,
});

describe("nextIntent (spec 2 §4 Accept/Deny, spec 1 §4 invite and revoke)", () => {
  test.each([
    // The audience's own hand.
    row(null, "raise_hand", "self", "hand_raised"),
    row("invite_declined", "raise_hand", "self", "hand_raised"),
    row("hand_raised", "raise_hand", "self", "hand_already_raised"),
    row("invite_sent", "raise_hand", "self", "already_invited"),
    row("invite_accepted", "raise_hand", "self", "already_on_stage"),
    row(null, "raise_hand", "host", "not_allowed"),
    row("hand_raised", "lower_hand", "self", null),
    row(null, "lower_hand", "self", "no_hand_raised"),
    row("invite_sent", "lower_hand", "self", "no_hand_raised"),
    row("hand_raised", "lower_hand", "host", "not_allowed"),
    // Spec 1 §4: hand_raised moves to invite_sent; otherwise a new invite_sent is created.
    row("hand_raised", "invite", "host", "invite_sent"),
    row(null, "invite", "host", "invite_sent"),
    row("invite_declined", "invite", "host", "invite_sent"),
    row("invite_sent", "invite", "host", "already_invited"),
    row("invite_accepted", "invite", "host", "already_on_stage"),
    row(null, "invite", "self", "not_allowed"),
    // Spec 2 §4 Accept: invite_sent moves to invite_accepted (the invited user's own Accept).
    row("invite_sent", "accept", "self", "invite_accepted"),
    row("invite_accepted", "accept", "self", "already_on_stage"),
    row(null, "accept", "self", "no_invite"),
    row("hand_raised", "accept", "self", "no_invite"),
    row("invite_declined", "accept", "self", "no_invite"),
    row("invite_sent", "accept", "host", "not_allowed"),
    row("hand_raised", "accept", "host", "not_allowed"),
    // Spec 2 §4 Deny: invite_sent moves to invite_declined, invite_accepted is removed (declined).
    row("invite_sent", "deny", "self", "invite_declined"),
    row("invite_accepted", "deny", "self", "invite_declined"),
    row(null, "deny", "self", "no_invite"),
    row("hand_raised", "deny", "self", "no_invite"),
    row("invite_declined", "deny", "self", "no_invite"),
    // A host's Ignore: hand_raised is deleted and invite_declined created.
    row("hand_raised", "deny", "host", "invite_declined"),
    row("invite_sent", "deny", "host", "no_hand_raised"),
    row(null, "deny", "host", "no_hand_raised"),
    // Spec 1 §4: revoking deletes invite_sent or invite_accepted.
    row("invite_sent", "revoke", "host", null),
    row("invite_accepted", "revoke", "host", null),
    row("hand_raised", "revoke", "host", "no_invite"),
    row("invite_declined", "revoke", "host", "no_invite"),
    row(null, "revoke", "host", "no_invite"),
    row("invite_sent", "revoke", "self", "not_allowed"),
  ])("$from --$action by $actor--> $want", ({ from, action, actor, want }) => {
    const move = nextIntent(from, action, actor);
    const isIntent =
      want === null || ["hand_raised", "invite_sent", "invite_accepted", "invite_declined"].includes(want);
    expect(move).toEqual(isIntent ? { next: want } : { refusal: want });
  });
});

describe("hostControls (spec 2 §6 mutual rules)", () => {
  const webrtc = {
    broadcastType: "webrtc",
    sessionType: "regular",
    allowRaisingHands: true,
    openStage: false,
  } as const;
  test.each([
    { case: "webrtc, regular", s: webrtc, raise: true, open: true, disabled: false, raising: true },
    {
      case: "open stage on",
      s: { ...webrtc, openStage: true },
      raise: true,
      open: true,
      disabled: true,
      raising: false,
    },
    {
      case: "hands not allowed",
      s: { ...webrtc, allowRaisingHands: false },
      raise: true,
      open: true,
      disabled: false,
      raising: false,
    },
    {
      case: "rtmp",
      s: { ...webrtc, broadcastType: "rtmp" },
      raise: false,
      open: false,
      disabled: false,
      raising: false,
    },
    {
      case: "rtmp-native",
      s: { ...webrtc, broadcastType: "rtmp-native" },
      raise: false,
      open: false,
      disabled: false,
      raising: false,
    },
    {
      case: "lobby",
      s: { ...webrtc, sessionType: "lobby" },
      raise: false,
      open: false,
      disabled: false,
      raising: false,
    },
  ] as const)("$case", ({ s, raise, open, disabled, raising }) => {
    const controls = hostControls(s);
    expect(controls.showRaiseHands).toBe(raise);
    expect(controls.showOpenStage).toBe(open);
    expect(controls.raiseHandsDisabled).toBe(disabled);
    expect(controls.handsRaisedListDisabled).toBe(disabled);
    expect(controls.showHideAudience).toBe(true);
    expect(controls.showShowToAll).toBe(s.broadcastType === "webrtc");
    expect(handRaisingOpen(s)).toBe(raising);
  });
});

describe("hostSettingRefusal (update-settings keeps the same rules)", () => {
  const webrtc = {
    broadcastType: "webrtc",
    sessionType: "regular",
    allowRaisingHands: true,
    openStage: false,
  } as const;
  test.each([
    { s: webrtc, setting: "allow_raising_hands", want: null },
    { s: webrtc, setting: "open_stage", want: null },
    { s: { ...webrtc, openStage: true }, setting: "allow_raising_hands", want: "open_stage_on" },
    { s: { ...webrtc, openStage: true }, setting: "open_stage", want: null },
    { s: { ...webrtc, broadcastType: "rtmp" }, setting: "allow_raising_hands", want: "not_a_stage_session" },
    { s: { ...webrtc, sessionType: "lobby" }, setting: "open_stage", want: "not_a_stage_session" },
    { s: { ...webrtc, sessionType: "lobby" }, setting: "hide_audience", want: null },
    { s: { ...webrtc, broadcastType: "rtmp" }, setting: "disable_qa", want: null },
    { s: { ...webrtc, sessionType: "lobby" }, setting: "show_to_all", want: null },
    { s: { ...webrtc, broadcastType: "rtmp" }, setting: "show_to_all", want: "already_over_hls" },
    { s: { ...webrtc, broadcastType: "rtmp-native" }, setting: "show_to_all", want: "already_over_hls" },
  ] as const)(
    "$setting on $s.broadcastType $s.sessionType (open stage $s.openStage) → $want",
    ({ s, setting, want }) => {
      expect(hostSettingRefusal(s, setting)).toBe(want);
    },
  );
});

describe("isIntentMovePublic (spec 2 §2 hidden audience: only the stage is everyone's)", () => {
  test.each<{ from: From; to: From; want: boolean }>([
    { from: null, to: "hand_raised", want: false },
    { from: "hand_raised", to: "invite_sent", want: false },
    { from: "invite_sent", to: null, want: false },
    { from: "invite_sent", to: "invite_accepted", want: true },
    { from: "invite_accepted", to: "invite_declined", want: true },
    { from: "invite_accepted", to: null, want: true },
    { from: "invite_declined", to: "hand_raised", want: false },
  ])("$from → $to: $want", ({ from, to, want }) => {
    expect(isIntentMovePublic(from, to)).toBe(want);
  });
});

describe("seesAudience (spec 2 §2)", () => {
  test.each([
    { isTeam: false, hideAudience: false, want: true },
    { isTeam: false, hideAudience: true, want: false },
    { isTeam: true, hideAudience: true, want: true },
  ])("team $isTeam, hidden $hideAudience → $want", ({ isTeam, hideAudience, want }) => {
    expect(seesAudience({ isTeam, hideAudience })).toBe(want);
  });
});
