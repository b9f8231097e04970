import { describe, expect, test } from "vitest";
import { TRANSCODER_POLL_MS } from "../constants";
import { viewerFlags } from "../roles/rules";
import type { BroadcastType, EventRole, OrgRole, SessionState } from "../vocabulary";
import { roomLayout, rtmpHostScreens, transcoderPollMs } from "./rules";

const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds: [7] }, 7);

describe("roomLayout: spec 1 §4, one layout for RTMP types", () => {
  test.each<{ broadcastType: BroadcastType; want: string }>([
    { broadcastType: "webrtc", want: "stage" },
    { broadcastType: "rtmp", want: "rtmp" },
    { broadcastType: "rtmp-native", want: "rtmp" },
  ])("$broadcastType → $want", ({ broadcastType, want }) => {
    expect(roomLayout(broadcastType)).toBe(want);
  });
});

describe("rtmpHostScreens: only owner or admin see the RTMP setup (spec 2 §6)", () => {
  test.each<{
    case: string;
    flags: ReturnType<typeof as>;
    broadcastType: BroadcastType;
    state: SessionState;
    setup: boolean;
    streamer: boolean;
  }>([
    {
      case: "channel owner, scheduled",
      flags: as(null, "owner"),
      broadcastType: "rtmp",
      state: "scheduled",
      setup: true,
      streamer: false,
    },
    {
      case: "channel admin, greenroom",
      flags: as(null, "admin"),
      broadcastType: "rtmp",
      state: "greenroom",
      setup: true,
      streamer: true,
    },
    {
      case: "event admin, broadcasting",
      flags: as("admin"),
      broadcastType: "rtmp-native",
      state: "broadcasting",
      setup: true,
      streamer: true,
    },
    {
      case: "owner, postevent",
      flags: as("owner"),
      broadcastType: "rtmp",
      state: "postevent",
      setup: false,
      streamer: false,
    },
    {
      case: "owner, ended",
      flags: as("owner"),
      broadcastType: "rtmp-native",
      state: "ended",
      setup: false,
      streamer: false,
    },
    {
      case: "event host",
      flags: as("host"),
      broadcastType: "rtmp",
      state: "greenroom",
      setup: false,
      streamer: false,
    },
    {
      case: "channel member",
      flags: as(null, "member"),
      broadcastType: "rtmp",
      state: "greenroom",
      setup: false,
      streamer: false,
    },
    {
      case: "moderator",
      flags: as("moderator"),
      broadcastType: "rtmp",
      state: "broadcasting",
      setup: false,
      streamer: false,
    },
    {
      case: "guest",
      flags: as("guest"),
      broadcastType: "rtmp",
      state: "broadcasting",
      setup: false,
      streamer: false,
    },
    {
      case: "owner, webrtc session",
      flags: as(null, "owner"),
      broadcastType: "webrtc",
      state: "greenroom",
      setup: false,
      streamer: false,
    },
  ])("$case → setup $setup, streamer $streamer", ({ flags, broadcastType, state, setup, streamer }) => {
    expect(rtmpHostScreens({ flags, broadcastType, state })).toEqual({
      showsSetup: setup,
      showsStreamer: streamer,
    });
  });
});

describe("transcoderPollMs: polled every 3 s until available (spec 2 §7, §9)", () => {
  test.each([
    { status: null, want: TRANSCODER_POLL_MS },
    { status: "idle", want: TRANSCODER_POLL_MS },
    { status: "disabled", want: TRANSCODER_POLL_MS },
    { status: "active", want: false },
  ] as const)("$status → $want", ({ status, want }) => {
    expect(transcoderPollMs(status)).toBe(want);
  });
});
