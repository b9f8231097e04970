import { describe, expect, test } from "vitest";
import { CLIP_MAX_SECONDS } from "../constants";
import { viewerFlags } from "../roles/rules";
import type { BroadcastType, EventRole, OrgRole } from "../vocabulary";
import { canManageClip, canSeeClipAnalytics, clampClipRange, createClipRefusal } from "./rules";

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

describe("createClipRefusal (spec 2 §5, spec 3 §2)", () => {
  const ok = {
    clippingDisabled: false,
    broadcastType: "webrtc" as BroadcastType,
    isRecorded: true,
    title: "Wow",
  };
  test.each([
    { case: "recorded webrtc session with a title", input: ok, want: null },
    {
      case: "clipping disabled by the host",
      input: { ...ok, clippingDisabled: true },
      want: "clipping_disabled",
    },
    { case: "RTMP mode", input: { ...ok, broadcastType: "rtmp" as BroadcastType }, want: "rtmp_mode" },
    {
      case: "RTMP-native mode",
      input: { ...ok, broadcastType: "rtmp-native" as BroadcastType },
      want: "rtmp_mode",
    },
    { case: "not recorded", input: { ...ok, isRecorded: false }, want: "not_recording" },
    { case: "title required", input: { ...ok, title: "  " }, want: "title_required" },
  ])("$case → $want", ({ input, want }) => {
    expect(createClipRefusal(input)).toBe(want);
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
