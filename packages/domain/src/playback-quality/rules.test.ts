import { describe, expect, it } from "vitest";
import {
  beaconRetryDelayMs,
  type EMPTY_VIEW_DELTA,
  foldPlaybackEvents,
  isDeviceSleep,
  KEPT_ERROR_MESSAGE_CHARS,
  mergeViewDeltas,
  RENDITIONS_KEPT_PER_VIEW,
  rebufferPercent,
  stallKind,
  startsNewView,
  viewSessionExpired,
} from "./rules";
import { PlaybackBeacon, type PlaybackEvent } from "./schemas";

describe("stallKind (spec 3 §9: 250 ms minimum, sustained from 1000 ms)", () => {
  it.each([
    [0, "ignored"],
    [249, "ignored"],
    [250, "rebuffer"],
    [999, "rebuffer"],
    [1_000, "sustained"],
    [30_000, "sustained"],
  ] as const)("%i ms → %s", (ms, kind) => {
    expect(stallKind(ms)).toBe(kind);
  });
});

describe("the collector's clocks", () => {
  it.each([
    ["a timer on time", 10_000, 10_000, false],
    ["a timer a little late", 25_000, 10_000, false],
    ["30 s past its time: the device slept", 40_000, 10_000, true],
  ] as const)("%s", (_, gap, interval, slept) => {
    expect(isDeviceSleep(gap, interval)).toBe(slept);
  });

  it.each([
    [59 * 60_000, false],
    [60 * 60_000, true],
  ])("idle %i ms starts a new view: %s", (idle, isNew) => {
    expect(startsNewView(idle)).toBe(isNew);
  });

  it.each([
    [24 * 60_000, false],
    [25 * 60_000, true],
  ])("idle %i ms ends the view session: %s", (idle, expired) => {
    expect(viewSessionExpired(idle)).toBe(expired);
  });

  it.each([
    [1, 0, 500],
    [1, 1, 1_000],
    [2, 0, 1_000],
    [3, 1, 4_000],
    [20, 1, 60_000],
  ])("failure %i with random %f waits %i ms", (failures, random, ms) => {
    expect(beaconRetryDelayMs(failures, random)).toBe(ms);
  });
});

describe("foldPlaybackEvents", () => {
  const heartbeat = (watchedMs: number, height = 720): PlaybackEvent => ({
    type: "heartbeat",
    watchedMs,
    droppedFrames: 2,
    rendition: { width: (height * 16) / 9, height },
    upscale: height === 360 ? 2 : 1,
  });

  it.each<[string, PlaybackEvent[], Partial<typeof EMPTY_VIEW_DELTA>]>([
    [
      "a start and its first frame",
      [{ type: "viewstart" }, { type: "playing", startupMs: 800 }],
      { startupMs: 800 },
    ],
    [
      "a resent first frame keeps the earliest",
      [
        { type: "playing", startupMs: 900 },
        { type: "playing", startupMs: 800 },
      ],
      { startupMs: 800 },
    ],
    [
      "stalls under 250 ms are not rebuffering",
      [{ type: "rebuffer", durationMs: 100 }],
      { rebufferCount: 0, rebufferMs: 0 },
    ],
    [
      "stalls add up",
      [
        { type: "rebuffer", durationMs: 300 },
        { type: "rebuffer", durationMs: 2_000 },
      ],
      { rebufferCount: 2, rebufferMs: 2_300 },
    ],
    [
      "heartbeats add watch time by rendition",
      [heartbeat(10_000), heartbeat(10_000, 360), heartbeat(5_000)],
      {
        watchMs: 25_000,
        droppedFrames: 6,
        renditionMs: { "1280x720": 15_000, "640x360": 10_000 },
        maxUpscale: 2,
      },
    ],
    [
      "a non-fatal error is kept but is no failure",
      [{ type: "error", code: "bufferStalledError", message: "stalled", fatal: false }],
      { errorCode: "bufferStalledError", failed: false },
    ],
    [
      "a fatal error is a failure",
      [{ type: "error", code: "manifestLoadError", message: "x".repeat(2_000), fatal: true }],
      { errorCode: "manifestLoadError", errorMessage: "x".repeat(KEPT_ERROR_MESSAGE_CHARS), failed: true },
    ],
    ["the end", [{ type: "viewend" }], { ended: true }],
    ["the rate-limited queue's last word", [{ type: "eventrateexceeded" }], { rateExceeded: true }],
  ])("%s", (_, events, expected) => {
    expect(foldPlaybackEvents(events)).toMatchObject({ ...expected, eventCount: events.length });
  });

  it("keeps at most 16 renditions of a view", () => {
    const many = Array.from({ length: 20 }, (_, i) => heartbeat(1_000, 200 + i * 9));
    expect(Object.keys(foldPlaybackEvents(many).renditionMs)).toHaveLength(RENDITIONS_KEPT_PER_VIEW);
  });

  it("folding in two batches and merging equals folding at once", () => {
    const first: PlaybackEvent[] = [{ type: "playing", startupMs: 700 }, heartbeat(10_000)];
    const second: PlaybackEvent[] = [
      { type: "rebuffer", durationMs: 1_500 },
      heartbeat(10_000, 360),
      { type: "viewend" },
    ];
    expect(mergeViewDeltas(foldPlaybackEvents(first), foldPlaybackEvents(second))).toEqual(
      foldPlaybackEvents([...first, ...second]),
    );
  });
});

describe("rebufferPercent", () => {
  it.each([
    [0, 0, 0],
    [9_000, 1_000, 10],
    [0, 1_000, 100],
    [2_000, 1, 0],
  ])("%i ms watched, %i ms stalled → %f %", (watch, stall, percent) => {
    expect(rebufferPercent(watch, stall)).toBe(percent);
  });
});

describe("PlaybackBeacon", () => {
  const beacon = {
    viewerId: "viewer-0001",
    viewSessionId: "visit-0001",
    viewId: "view-00001",
    sessionId: 1,
    delivery: "hls",
    events: [{ type: "viewstart" }],
  };

  it.each<[string, Record<string, unknown>]>([
    ["no events", { events: [] }],
    ["more than 300 events", { events: Array.from({ length: 301 }, () => ({ type: "viewstart" })) }],
    ["an unknown event", { events: [{ type: "seek" }] }],
    ["an extra field", { events: [{ type: "viewend", secret: 1 }] }],
    [
      "a message over 51,200 characters",
      { events: [{ type: "error", code: "x", message: "m".repeat(51_201), fatal: true }] },
    ],
    ["a short id", { viewId: "abc" }],
    ["an id with other characters", { viewerId: "viewer 0001" }],
    ["an unknown delivery", { delivery: "dash" }],
    ["a negative duration", { events: [{ type: "rebuffer", durationMs: -1 }] }],
  ])("refuses %s", (_, change) => {
    expect(PlaybackBeacon.safeParse({ ...beacon, ...change }).success).toBe(false);
  });

  it("takes a well-formed beacon", () => {
    expect(PlaybackBeacon.safeParse(beacon).success).toBe(true);
  });
});
