import { describe, expect, it } from "vitest";
import { SequenceTracker } from "./sequence";

const m = (seq: number) => ({ seq });

describe("SequenceTracker", () => {
  it.each([
    { case: "in order", start: 0, arrivals: [1, 2, 3], applied: [1, 2, 3], gap: false, last: 3 },
    { case: "duplicate dropped", start: 0, arrivals: [1, 1, 2, 2], applied: [1, 2], gap: false, last: 2 },
    { case: "old dropped", start: 5, arrivals: [3, 4, 5, 6], applied: [6], gap: false, last: 6 },
    { case: "early held", start: 0, arrivals: [2, 3], applied: [], gap: true, last: 0 },
    { case: "gap filled late", start: 0, arrivals: [3, 2, 1], applied: [1, 2, 3], gap: false, last: 3 },
    { case: "held duplicate", start: 0, arrivals: [2, 2, 1], applied: [1, 2], gap: false, last: 2 },
  ])("$case", ({ start, arrivals, applied, gap, last }) => {
    const tracker = new SequenceTracker(start);
    const seen: number[] = [];
    let lastGap = false;
    for (const seq of arrivals) {
      const step = tracker.receive(m(seq));
      seen.push(...step.apply.map((x) => x.seq));
      lastGap = step.gap;
    }
    expect(seen).toEqual(applied);
    expect(lastGap).toBe(gap);
    expect(tracker.last).toBe(last);
  });

  it("reset after a refetch keeps held messages past the new point and drops older ones", () => {
    const tracker = new SequenceTracker(0);
    tracker.receive(m(3));
    tracker.receive(m(7));
    const step = tracker.reset(6);
    expect(step.apply.map((x) => x.seq)).toEqual([7]);
    expect(step.gap).toBe(false);
    expect(tracker.last).toBe(7);
  });
});
