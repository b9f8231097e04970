import { describe, expect, it } from "vitest";
import { HLS_VIEWER_HYSTERESIS_USERS, HLS_VIEWER_THRESHOLD_USERS } from "../constants";
import { forcedDelivery, roomDelivery, type ViewerDelivery, viewerDelivery } from "./rules";

const T = HLS_VIEWER_THRESHOLD_USERS;
const H = HLS_VIEWER_HYSTERESIS_USERS;

describe("roomDelivery", () => {
  it.each<[string, number, boolean, ViewerDelivery, ViewerDelivery]>([
    ["a small room watches in real time", 2, false, "webrtc", "webrtc"],
    ["no audience yet", 0, false, "webrtc", "webrtc"],
    ["at the threshold still real time", T, false, "webrtc", "webrtc"],
    ["one past the threshold goes to HLS", T + 1, false, "webrtc", "hls"],
    ["show-to-all forces HLS in a small room", 2, true, "webrtc", "hls"],
    ["show-to-all keeps HLS", 0, true, "hls", "hls"],
    ["HLS stays at the threshold", T, false, "hls", "hls"],
    ["HLS stays one above the hysteresis line", T - H + 1, false, "hls", "hls"],
    ["HLS returns to WebRTC at the hysteresis line", T - H, false, "hls", "webrtc"],
    ["show-to-all lifted in a small room: back to WebRTC", 3, false, "hls", "webrtc"],
  ])("%s", (_, audience, showToAll, current, expected) => {
    expect(roomDelivery({ audience, showToAll, current, hasRealtimeProgram: true })).toBe(expected);
  });

  it("an RTMP encoder's broadcast or a LiveKit room has no real-time program: HLS", () => {
    expect(
      roomDelivery({ audience: 2, showToAll: false, current: "webrtc", hasRealtimeProgram: false }),
    ).toBe("hls");
  });

  it("takes a configured threshold", () => {
    expect(
      roomDelivery({
        hasRealtimeProgram: true,
        audience: 2,
        showToAll: false,
        current: "webrtc",
        threshold: 1,
      }),
    ).toBe("hls");
    expect(
      roomDelivery({ hasRealtimeProgram: true, audience: 1, showToAll: false, current: "hls", threshold: 1 }),
    ).toBe("webrtc");
    // A fifth of a threshold of 20: back at 16, not at 17.
    expect(
      roomDelivery({
        hasRealtimeProgram: true,
        audience: 17,
        showToAll: false,
        current: "hls",
        threshold: 20,
      }),
    ).toBe("hls");
    expect(
      roomDelivery({
        hasRealtimeProgram: true,
        audience: 16,
        showToAll: false,
        current: "hls",
        threshold: 20,
      }),
    ).toBe("webrtc");
  });
});

describe("forcedDelivery and viewerDelivery", () => {
  it.each<[string[], ViewerDelivery, ViewerDelivery | null, ViewerDelivery]>([
    [[], "webrtc", null, "webrtc"],
    [["useHLS"], "webrtc", "hls", "hls"],
    [["useWebRTC"], "hls", "webrtc", "webrtc"],
    [["useHLS", "useWebRTC"], "webrtc", "hls", "hls"],
    [["clip_start_time"], "hls", null, "hls"],
  ])("query flags %j on a %s room", (flags, room, forced, expected) => {
    expect(forcedDelivery(new Set(flags))).toBe(forced);
    expect(viewerDelivery(room, forced)).toBe(expected);
  });
});
