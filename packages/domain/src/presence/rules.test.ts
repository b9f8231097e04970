import { describe, expect, it } from "vitest";
import { claimActiveTab, isLive, presenceOnJoin, requiresSingleTab } from "./rules";

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

describe("claimActiveTab (spec 1 §4 duplicate tab)", () => {
  it.each([
    { active: null, takeOver: false, result: "granted" },
    { active: "tab-a", takeOver: false, result: "granted" },
    { active: "tab-b", takeOver: false, result: "taken_elsewhere" },
    { active: "tab-b", takeOver: true, result: "granted" },
  ] as const)("active=$active takeOver=$takeOver -> $result", ({ active, takeOver, result }) => {
    expect(claimActiveTab({ activeBrowserId: active, browserId: "tab-a", takeOver })).toBe(result);
  });
});
