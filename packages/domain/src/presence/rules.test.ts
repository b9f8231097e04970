import { describe, expect, it } from "vitest";
import { claimActiveTab, isActiveBrowserStale, isLive, presenceOnJoin, requiresSingleTab } from "./rules";

describe("isLive (spec 2 §9: 90 s)", () => {
  it.each([
    { state: "active", ago: 0, live: true },
    { state: "active", ago: 90_000, live: true },
    { state: "active", ago: 90_001, live: false },
    { state: "on_stage", ago: 89_000, live: true },
    { state: "offline", ago: 0, live: false },
  ] as const)("$state seen $ago ms ago -> $live", ({ state, ago, live }) => {
    expect(isLive({ state, lastSeen: 1_000_000 - ago }, 1_000_000)).toBe(live);
  });
});

describe("presenceOnJoin", () => {
  it.each([
    [null, "active"],
    ["offline", "active"],
    ["active", "active"],
    ["on_stage", "on_stage"],
  ] as const)("%s -> %s", (current, next) => {
    expect(presenceOnJoin(current)).toBe(next);
  });
});

describe("requiresSingleTab (spec 1 §4)", () => {
  it.each([
    ["scheduled", false],
    ["greenroom", true],
    ["broadcasting", true],
    ["postevent", true],
    ["ended", false],
  ] as const)("%s -> %s", (state, expected) => {
    expect(requiresSingleTab(state)).toBe(expected);
  });
});

const NOW = 1_000_000;

describe("isActiveBrowserStale (spec 1 §4, spec 2 §9: 90 s without a heartbeat)", () => {
  it.each([
    { case: "heartbeat just now", ago: 0, stale: false },
    { case: "heartbeat 90 s ago", ago: 90_000, stale: false },
    { case: "no heartbeat for 90 s and 1 ms", ago: 90_001, stale: true },
    { case: "never stamped", ago: null, stale: true },
  ])("$case -> $stale", ({ ago, stale }) => {
    expect(isActiveBrowserStale(ago === null ? null : NOW - ago, NOW)).toBe(stale);
  });
});

describe("claimActiveTab (spec 1 §4 duplicate tab)", () => {
  it.each([
    { case: "free slot", active: null, ago: null, takeOver: false, result: "granted" },
    { case: "own slot", active: "tab-a", ago: 10_000, takeOver: false, result: "granted" },
    { case: "own stale slot", active: "tab-a", ago: 200_000, takeOver: false, result: "granted" },
    { case: "another live tab", active: "tab-b", ago: 10_000, takeOver: false, result: "taken_elsewhere" },
    { case: "another live tab, take-over", active: "tab-b", ago: 10_000, takeOver: true, result: "granted" },
    {
      case: "another tab silent past 90 s",
      active: "tab-b",
      ago: 90_001,
      takeOver: false,
      result: "granted",
    },
    { case: "another tab never stamped", active: "tab-b", ago: null, takeOver: false, result: "granted" },
  ] as const)("$case -> $result", ({ active, ago, takeOver, result }) => {
    expect(
      claimActiveTab({
        activeBrowserId: active,
        activeBrowserSeenAt: ago === null ? null : NOW - ago,
        browserId: "tab-a",
        takeOver,
        now: NOW,
      }),
    ).toBe(result);
  });
});
