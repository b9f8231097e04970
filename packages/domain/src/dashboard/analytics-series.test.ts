import { describe, expect, it } from "vitest";
import { coveringPerMinute, fillMinutes, minutesBetween, SERIES_MAX_MINUTES } from "./analytics-series";

const at = (hhmmss: string) => new Date(`2026-11-29T${hhmmss}Z`);

describe("minutesBetween", () => {
  it.each([
    ["one minute", "10:00:10", "10:00:50", ["10:00"]],
    ["across minutes", "10:00:59", "10:02:00", ["10:00", "10:01", "10:02"]],
    ["an end before the start", "10:05:00", "10:00:00", []],
  ])("%s", (_, from, to, expected) => {
    expect(minutesBetween(at(from), at(to))).toEqual(expected.map((m) => `2026-11-29T${m}:00.000Z`));
  });

  it("stops after a day of minutes", () => {
    expect(minutesBetween(at("00:00:00"), new Date("2026-12-03T00:00:00Z"))).toHaveLength(SERIES_MAX_MINUTES);
  });
});

describe("fillMinutes", () => {
  it("puts counts on their minute and zeros elsewhere, whatever the rows' time format", () => {
    const minutes = minutesBetween(at("10:00:00"), at("10:02:00"));
    const rows = [{ minute: "2026-11-29T10:01:00+00:00", viewers: 3 }];
    expect(fillMinutes(minutes, rows, { viewers: 0 })).toEqual([
      { minute: "2026-11-29T10:00:00.000Z", viewers: 0 },
      { minute: "2026-11-29T10:01:00.000Z", viewers: 3 },
      { minute: "2026-11-29T10:02:00.000Z", viewers: 0 },
    ]);
  });
});

describe("coveringPerMinute", () => {
  const minutes = minutesBetween(at("10:00:00"), at("10:04:00"));
  it.each<[string, [string, string][], number[]]>([
    ["nobody", [], [0, 0, 0, 0, 0]],
    ["one person for two minutes", [["10:01:10", "10:02:40"]], [0, 1, 1, 0, 0]],
    ["a heartbeat within one minute", [["10:03:05", "10:03:05"]], [0, 0, 0, 1, 0]],
    [
      "overlapping people",
      [
        ["10:00:00", "10:04:00"],
        ["10:02:00", "10:03:00"],
      ],
      [1, 1, 2, 2, 1],
    ],
    [
      "outside the span is cut",
      [
        ["09:50:00", "10:00:30"],
        ["10:04:30", "10:09:00"],
      ],
      [1, 0, 0, 0, 1],
    ],
    ["wholly outside", [["09:00:00", "09:10:00"]], [0, 0, 0, 0, 0]],
  ])("%s", (_, spans, expected) => {
    const intervals = spans.map(([from, to]) => ({ from: at(from), to: at(to) }));
    expect(coveringPerMinute(minutes, intervals)).toEqual(expected);
  });
});
