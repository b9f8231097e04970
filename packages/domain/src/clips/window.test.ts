import { describe, expect, test } from "vitest";
import { clipWindow, defaultClipRange, moveClipEnd, moveClipStart, recordingClock } from "./window";

describe("clipWindow (spec 2 §9: 300 s around the current point, inside the recording)", () => {
  test.each([
    { case: "mid-replay: centred on the point", point: 500, recorded: 1_000, want: { from: 350, to: 650 } },
    {
      case: "live: the recording's last 300 s",
      point: 1_000,
      recorded: 1_000,
      want: { from: 700, to: 1_000 },
    },
    { case: "near the start: the first 300 s", point: 10, recorded: 1_000, want: { from: 0, to: 300 } },
    { case: "a recording shorter than 300 s", point: 50, recorded: 100, want: { from: 0, to: 100 } },
    { case: "a point past the recording", point: 2_000, recorded: 1_000, want: { from: 700, to: 1_000 } },
    { case: "nothing recorded yet", point: 0, recorded: 0, want: { from: 0, to: 0 } },
  ])("$case", ({ point, recorded, want }) => {
    expect(clipWindow(point, recorded)).toEqual(want);
  });
});

describe("defaultClipRange (spec 2 §9: the last 30 s up to the current point)", () => {
  test.each([
    {
      case: "30 s before the point",
      point: 500,
      window: { from: 350, to: 650 },
      want: { start: 470, end: 500 },
    },
    {
      case: "live: the last 30 s",
      point: 1_000,
      window: { from: 700, to: 1_000 },
      want: { start: 970, end: 1_000 },
    },
    { case: "10 s in: from the start", point: 10, window: { from: 0, to: 300 }, want: { start: 0, end: 10 } },
    {
      case: "at the very start: one second",
      point: 0,
      window: { from: 0, to: 300 },
      want: { start: 0, end: 1 },
    },
  ])("$case", ({ point, window, want }) => {
    expect(defaultClipRange(point, window)).toEqual(want);
  });
});

describe("moving the start (spec 2 §5: at most 60 s, the end follows)", () => {
  const window = { from: 350, to: 650 };
  const range = { start: 470, end: 500 };
  test.each([
    { case: "within the range", start: 480, want: { start: 480, end: 500 } },
    { case: "earlier than end - 60 pulls the end", start: 380, want: { start: 380, end: 440 } },
    { case: "past the end pushes the end", start: 600, want: { start: 600, end: 601 } },
    { case: "before the window stops at it", start: 100, want: { start: 350, end: 410 } },
    { case: "past the window stops a second before its end", start: 700, want: { start: 649, end: 650 } },
  ])("$case", ({ start, want }) => {
    expect(moveClipStart(range, start, window)).toEqual(want);
  });
});

describe("moving the end (spec 2 §5: at most 60 s, the start follows)", () => {
  const window = { from: 350, to: 650 };
  const range = { start: 470, end: 500 };
  test.each([
    { case: "within the range", end: 520, want: { start: 470, end: 520 } },
    { case: "later than start + 60 pulls the start", end: 600, want: { start: 540, end: 600 } },
    { case: "before the start pushes the start", end: 400, want: { start: 399, end: 400 } },
    { case: "past the window stops at it", end: 900, want: { start: 590, end: 650 } },
    { case: "before the window stops a second after its start", end: 300, want: { start: 350, end: 351 } },
  ])("$case", ({ end, want }) => {
    expect(moveClipEnd(range, end, window)).toEqual(want);
  });
});

describe("recordingClock", () => {
  test.each([
    { seconds: 0, want: "0:00" },
    { seconds: 65.9, want: "1:05" },
    { seconds: 599, want: "9:59" },
    { seconds: 3_725, want: "1:02:05" },
    { seconds: -3, want: "0:00" },
  ])("$seconds s → $want", ({ seconds, want }) => {
    expect(recordingClock(seconds)).toBe(want);
  });
});
