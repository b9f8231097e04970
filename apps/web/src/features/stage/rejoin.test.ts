import { expect, test } from "vitest";
import { rejoinDelayMs } from "./rejoin";

test.each([
  { case: "the first re-join", attempt: 0, want: 250 },
  { case: "the second doubles", attempt: 1, want: 500 },
  { case: "capped", attempt: 6, want: 4_000 },
  { case: "the last", attempt: 7, want: 4_000 },
  { case: "after the last: give up", attempt: 8, want: null },
])("$case → $want", ({ attempt, want }) => {
  expect(rejoinDelayMs(attempt)).toBe(want);
});
