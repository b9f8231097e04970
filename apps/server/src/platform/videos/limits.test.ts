import { expect, test } from "vitest";
import { durationText } from "./errors";
import { transcodeTimeoutMs, VIDEO_LIMITS } from "./limits";

// Issue 25 §2: the transcode's time limit is 3 × the video's length, at least 60 s, at most 30 min.

test.each([
  { case: "a 5 s clip gets the floor", durationMs: 5_000, want: 60_000 },
  { case: "a 2 min talk gets 3 ×", durationMs: 120_000, want: 360_000 },
  { case: "a 30 min film gets the cap", durationMs: 1_800_000, want: 1_800_000 },
])("$case: $want ms", ({ durationMs, want }) => {
  expect(transcodeTimeoutMs(durationMs, VIDEO_LIMITS)).toBe(want);
});

test.each([
  { ms: 500, want: "0.5 s" },
  { ms: 2_021, want: "2 s" },
  { ms: 45_000, want: "45 s" },
  { ms: 120_000, want: "2 min" },
  { ms: 1_805_000, want: "30 min 05 s" },
])("durationText($ms) is $want", ({ ms, want }) => {
  expect(durationText(ms)).toBe(want);
});
