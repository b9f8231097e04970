import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole } from "../vocabulary";
import { ingestPlace, mayManageLiveStream, publisherRefusal, wrongKeyDelayMs } from "./rules";

describe("who may see and manage the stream key", () => {
  test.each([
    { case: "channel owner", orgRole: "owner", eventRole: null, want: true },
    { case: "channel admin", orgRole: "admin", eventRole: null, want: true },
    { case: "event owner", orgRole: null, eventRole: "owner", want: true },
    { case: "event admin", orgRole: null, eventRole: "admin", want: true },
    { case: "channel member", orgRole: "member", eventRole: null, want: false },
    { case: "event host", orgRole: null, eventRole: "host", want: false },
    { case: "moderator", orgRole: null, eventRole: "moderator", want: false },
    { case: "speaker", orgRole: null, eventRole: "speaker", want: false },
    { case: "guest", orgRole: null, eventRole: "guest", want: false },
    { case: "signed out", orgRole: null, eventRole: null, want: false },
  ] as { case: string; orgRole: OrgRole | null; eventRole: EventRole | null; want: boolean }[])(
    "$case → $want",
    ({ orgRole, eventRole, want }) => {
      expect(mayManageLiveStream(viewerFlags({ userId: 1, orgRole, eventRole }, 1))).toBe(want);
    },
  );
});

describe("where an encoder's picture goes", () => {
  test.each([
    { state: "scheduled", want: null },
    { state: "greenroom", want: "preview" },
    { state: "broadcasting", want: "stream" },
    { state: "postevent", want: null },
    { state: "ended", want: null },
  ] as const)("$state → $want", ({ state, want }) => {
    expect(ingestPlace(state)).toBe(want);
  });
});

describe("a publisher is let in", () => {
  test.each([
    { case: "rtmp in greenroom", broadcastType: "rtmp", state: "greenroom", status: "idle", want: null },
    {
      case: "native broadcasting",
      broadcastType: "rtmp-native",
      state: "broadcasting",
      status: "active",
      want: null,
    },
    {
      case: "a webrtc session",
      broadcastType: "webrtc",
      state: "greenroom",
      status: "idle",
      want: "not_rtmp",
    },
    { case: "stopped", broadcastType: "rtmp", state: "broadcasting", status: "disabled", want: "stopped" },
    { case: "scheduled", broadcastType: "rtmp", state: "scheduled", status: "idle", want: "session_closed" },
    { case: "postevent", broadcastType: "rtmp", state: "postevent", status: "idle", want: "session_closed" },
    { case: "ended", broadcastType: "rtmp-native", state: "ended", status: "idle", want: "session_closed" },
  ] as const)("$case → $want", ({ broadcastType, state, status, want }) => {
    expect(publisherRefusal({ broadcastType, state, status })).toBe(want);
  });
});

describe("wrong keys from one address wait longer each time, up to 8 s (issue 23 §1.2)", () => {
  test.each([
    { wrongKeys: 1, want: 250 },
    { wrongKeys: 2, want: 500 },
    { wrongKeys: 3, want: 1_000 },
    { wrongKeys: 5, want: 4_000 },
    { wrongKeys: 6, want: 8_000 },
    { wrongKeys: 7, want: 8_000 },
    { wrongKeys: 1_000, want: 8_000 },
  ])("wrong key $wrongKeys → $want ms", ({ wrongKeys, want }) => {
    expect(wrongKeyDelayMs(wrongKeys)).toBe(want);
  });
});
