import { describe, expect, test } from "vitest";
import { CAPTION_CUE_MAX_MS, CAPTION_LINES_PER_MINUTE } from "../constants";
import { captionFetchWindow, captionText, countCaptionPost, isNewCaptionLine, segmentCues } from "./rules";

const SEGMENT_START = 1_000_000;
const segment = { startMs: SEGMENT_START, durationMs: 1_000 };
/** Lines given as [seq, ms after the segment's start (program time), text]. */
const lines = (...given: [number, number, string][]) =>
  given.map(([seq, at, text]) => ({ seq, receivedAt: SEGMENT_START + at, text }));

describe("the cues of a segment", () => {
  test.each([
    { case: "no line", lines: lines(), delay: 0, want: [] },
    {
      case: "a line lasts until the next",
      lines: lines([1, 100, "Hello"], [2, 600, "world"]),
      delay: 0,
      want: [
        { startMs: 100, endMs: 600, text: "Hello" },
        { startMs: 600, endMs: 600 + CAPTION_CUE_MAX_MS, text: "world" },
      ],
    },
    {
      case: "the last line lasts at most the maximum",
      lines: lines([1, 100, "Hello"]),
      delay: 0,
      want: [{ startMs: 100, endMs: 100 + CAPTION_CUE_MAX_MS, text: "Hello" }],
    },
    {
      case: "a line after the segment ends the one inside it, and is not carried",
      lines: lines([1, 900, "Hello"], [2, 1_400, "next"]),
      delay: 0,
      want: [{ startMs: 900, endMs: 1_400, text: "Hello" }],
    },
    {
      case: "a line before the segment belongs to the one before",
      lines: lines([1, -1, "earlier"], [2, 200, "now"]),
      delay: 0,
      want: [{ startMs: 200, endMs: 200 + CAPTION_CUE_MAX_MS, text: "now" }],
    },
    {
      case: "the captioner's delay moves a late line back onto the picture",
      lines: lines([1, 2_300, "late"]),
      delay: 2_000,
      want: [{ startMs: 300, endMs: 300 + CAPTION_CUE_MAX_MS, text: "late" }],
    },
    {
      case: "a blank line ends the line before and shows nothing",
      lines: lines([1, 100, "Hello"], [2, 300, "  \n "]),
      delay: 0,
      want: [{ startMs: 100, endMs: 300, text: "Hello" }],
    },
    {
      case: "lines are taken in seq order",
      lines: lines([2, 500, "second"], [1, 100, "first"]),
      delay: 0,
      want: [
        { startMs: 100, endMs: 500, text: "first" },
        { startMs: 500, endMs: 500 + CAPTION_CUE_MAX_MS, text: "second" },
      ],
    },
    {
      case: "a line replaced in the same millisecond is not shown",
      lines: lines([1, 100, "typo"], [2, 100, "fixed"]),
      delay: 0,
      want: [{ startMs: 100, endMs: 100 + CAPTION_CUE_MAX_MS, text: "fixed" }],
    },
  ])("$case", ({ lines, delay, want }) => {
    expect(segmentCues(lines, segment, delay)).toEqual(want);
  });

  test("the lines fetched for a segment reach one maximum cue past its end, after the delay", () => {
    expect(captionFetchWindow(segment, 2_000)).toEqual({
      from: SEGMENT_START + 2_000,
      to: SEGMENT_START + 3_000 + CAPTION_CUE_MAX_MS,
    });
  });
});

describe("a line's text", () => {
  test.each([
    { case: "trimmed", text: "  Hello  ", want: "Hello" },
    { case: "lines kept", text: "Hello\r\nworld", want: "Hello\nworld" },
    { case: "no blank line inside a cue", text: "Hello\n\n\nworld", want: "Hello\nworld" },
    { case: "only blanks", text: " \r\n ", want: "" },
  ])("$case", ({ text, want }) => {
    expect(captionText(text)).toBe(want);
  });
});

describe("a line's seq", () => {
  test.each([
    { case: "the first line", seq: 0, last: null, want: true },
    { case: "a higher seq", seq: 5, last: 4, want: true },
    { case: "a repeat", seq: 4, last: 4, want: false },
    { case: "an older seq", seq: 3, last: 4, want: false },
  ])("$case → $want", ({ seq, last, want }) => {
    expect(isNewCaptionLine(seq, last)).toBe(want);
  });
});

describe("a caption source's rate", () => {
  test.each([
    { case: "a post in the window", lines: 3, since: 10_000, want: { lines: 4, limited: false } },
    {
      case: "the last post the minute allows",
      lines: CAPTION_LINES_PER_MINUTE - 1,
      since: 59_999,
      want: { lines: CAPTION_LINES_PER_MINUTE, limited: false },
    },
    {
      case: "one post too many",
      lines: CAPTION_LINES_PER_MINUTE,
      since: 59_999,
      want: { lines: CAPTION_LINES_PER_MINUTE + 1, limited: true },
    },
    {
      case: "a new minute",
      lines: CAPTION_LINES_PER_MINUTE + 5,
      since: 60_000,
      want: { lines: 1, limited: false },
    },
  ])("$case", ({ lines, since, want }) => {
    expect(countCaptionPost({ windowStart: 0, lines }, since)).toMatchObject(want);
  });
});
