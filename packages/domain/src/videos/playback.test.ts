import { expect, test } from "vitest";
import { videoPositionAt } from "./playback";

const at = (s: number) => Date.UTC(2030, 0, 1, 12, 0, s);
const updatedAt = new Date(at(10)).toISOString();

test.each([
  { case: "playing, 3 s later", status: "playing", position: 2, now: at(13), want: 5 },
  { case: "paused, 3 s later", status: "paused", position: 2, now: at(13), want: 2 },
  { case: "playing past the end", status: "playing", position: 2, now: at(40), want: 8 },
  { case: "a clock behind the server's", status: "playing", position: 2, now: at(9), want: 2 },
  { case: "sought past the end", status: "paused", position: 99, now: at(10), want: 8 },
] as const)("$case: $want s", ({ status, position, now, want }) => {
  expect(videoPositionAt({ status, position, updatedAt }, 8_000, now)).toBe(want);
});
