import { describe, expect, test } from "vitest";
import { CLIP_MAX_SECONDS } from "../constants";
import { errorMessage } from "../errors";
import { viewerFlags } from "../roles/rules";
import type { BroadcastType, EventRole, OrgRole, SessionState } from "../vocabulary";
import { canManageClip, canSeeClipAnalytics, clampClipRange, clipRange, createClipRefusal } from "./rules";

const ME = 1;
const AUTHOR = 2;
const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: ME, eventRole, orgRole }, 7);

describe("canManageClip (spec 3 §6: author, owner or admin, studio admin)", () => {
  test.each([
    { case: "the clip's author", flags: as("guest"), actor: AUTHOR as number | null, want: true },
    { case: "an org owner", flags: as(null, "owner"), actor: ME, want: true },
    { case: "an event admin", flags: as("admin"), actor: ME, want: true },
    { case: "a studio admin (host)", flags: as("host"), actor: ME, want: true },
    { case: "a moderator", flags: as("moderator"), actor: ME, want: false },
    { case: "another guest", flags: as("guest"), actor: ME, want: false },
    { case: "anonymous", flags: as(null), actor: null, want: false },
  ])("$case → $want", ({ flags, actor, want }) => {
    expect(canManageClip({ flags, actorUserId: actor, authorUserId: AUTHOR })).toBe(want);
  });
});

describe("canSeeClipAnalytics (spec 3 §6: owners, admins, organization members)", () => {
  test.each([
    { case: "org owner", flags: as(null, "owner"), want: true },
    { case: "event admin", flags: as("admin"), want: true },
    { case: "org member", flags: as(null, "member"), want: true },
    { case: "event host", flags: as("host"), want: false },
    { case: "guest", flags: as("guest"), want: false },
  ])("$case → $want", ({ flags, want }) => {
    expect(canSeeClipAnalytics(flags)).toBe(want);
  });
});

describe("createClipRefusal (spec 2 §2, §5; spec 3 §2)", () => {
  const team = {
    isTeam: true,
    sessionState: "broadcasting" as SessionState,
    eventPrivate: false,
    clippingDisabled: false,
    broadcastType: "webrtc" as BroadcastType,
    hasRecording: true,
    isRecordingPaused: false,
  };
  const guest = { ...team, isTeam: false, sessionState: "ended" as SessionState };
  test.each([
    { case: "the team while live and recording", input: team, want: null },
    { case: "the team after the end", input: { ...team, sessionState: "ended" as SessionState }, want: null },
    { case: "the team with viewers' clipping off", input: { ...team, clippingDisabled: true }, want: null },
    { case: "the team of a private event", input: { ...team, eventPrivate: true }, want: null },
    { case: "a guest after the end", input: guest, want: null },
    {
      case: "a guest while live",
      input: { ...guest, sessionState: "broadcasting" as SessionState },
      want: "clips_after_session",
    },
    {
      case: "a guest in postevent",
      input: { ...guest, sessionState: "postevent" as SessionState },
      want: "clips_after_session",
    },
    { case: "a guest, clipping off", input: { ...guest, clippingDisabled: true }, want: "clipping_disabled" },
    {
      case: "a guest of a private event",
      input: { ...guest, eventPrivate: true },
      want: "clips_private_event",
    },
    { case: "RTMP mode", input: { ...team, broadcastType: "rtmp" as BroadcastType }, want: "rtmp_mode" },
    {
      case: "RTMP-native mode",
      input: { ...guest, broadcastType: "rtmp-native" as BroadcastType },
      want: "rtmp_mode",
    },
    { case: "live, recording paused", input: { ...team, isRecordingPaused: true }, want: "recording_paused" },
    { case: "nothing recorded", input: { ...team, hasRecording: false }, want: "not_recording" },
  ])("$case → $want", ({ input, want }) => {
    expect(createClipRefusal(input)).toBe(want);
  });
  test("the spec's messages", () => {
    expect(errorMessage("not_recording")).toBe("Clipping will be available if session is recorded.");
    expect(errorMessage("recording_paused")).toBe("Clipping is disabled when not recording");
    expect(errorMessage("rtmp_mode")).toBe("Clipping is currently not supported in RTMP mode");
  });
});

describe("clipRange (spec 2 §5: clamped to 60 s and to the recording)", () => {
  test.each([
    { case: "within the recording", start: 10, end: 40, recorded: 100, want: { start: 10, end: 40 } },
    { case: "longer than 60 s", start: 10, end: 100, recorded: 200, want: { start: 10, end: 70 } },
    { case: "past the recording's end", start: 90, end: 120, recorded: 100, want: { start: 90, end: 100 } },
    { case: "starting after the recording", start: 100, end: 120, recorded: 100, want: "clip_out_of_range" },
    { case: "under a second left", start: 99.5, end: 120, recorded: 100, want: "clip_too_short" },
    { case: "end before start", start: 50, end: 40, recorded: 100, want: "clip_too_short" },
  ])("$case", ({ start, end, recorded, want }) => {
    expect(clipRange(start, end, recorded)).toEqual(want);
  });
});

describe("clampClipRange (spec 2 §5: at most 60 s)", () => {
  test.each([
    { case: "a 30 s clip is kept", start: 10, end: 40, want: { start: 10, end: 40 } },
    { case: "exactly the maximum", start: 0, end: CLIP_MAX_SECONDS, want: { start: 0, end: 60 } },
    { case: "too long is clamped", start: 100, end: 200, want: { start: 100, end: 160 } },
    { case: "end before start collapses", start: 50, end: 40, want: { start: 50, end: 50 } },
    { case: "negative start snaps to zero", start: -5, end: 20, want: { start: 0, end: 20 } },
  ])("$case", ({ start, end, want }) => {
    expect(clampClipRange(start, end)).toEqual(want);
  });
});
