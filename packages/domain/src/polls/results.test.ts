import { describe, expect, test } from "vitest";
import { answerAfterClick, countsAfterAnswer, pollResults, pollVotesLabel } from "./results";

describe("answerAfterClick (spec 2 §4)", () => {
  test.each([
    { case: "set", current: null, clicked: 1, want: 1 },
    { case: "switch", current: 1, clicked: 2, want: 2 },
    { case: "remove by clicking the same option", current: 2, clicked: 2, want: null },
  ])("$case → $want", ({ current, clicked, want }) => {
    expect(answerAfterClick(current, clicked)).toBe(want);
  });
});

describe("pollResults", () => {
  test.each([
    { case: "nobody answered", counts: [0, 0], total: 0, percents: [0, 0] },
    { case: "split", counts: [1, 3], total: 4, percents: [25, 75] },
    { case: "thirds round", counts: [1, 1, 1], total: 3, percents: [33, 33, 33] },
  ])("$case", ({ counts, total, percents }) => {
    const results = pollResults(counts.map((answers, id) => ({ id, answers })));
    expect(results.total).toBe(total);
    expect(results.options.map((o) => o.percent)).toEqual(percents);
  });
});

describe("countsAfterAnswer", () => {
  test.each([
    { case: "set", from: null, to: 1, want: { 1: 1, 2: 0 } },
    { case: "switch", from: 1, to: 2, want: { 1: 0, 2: 1 } },
    { case: "remove", from: 1, to: null, want: { 1: 0, 2: 0 } },
  ])("$case", ({ from, to, want }) => {
    const start = from === 1 ? { 1: 1, 2: 0 } : { 1: 0, 2: 0 };
    expect(countsAfterAnswer(start, from, to)).toEqual(want);
  });
});

describe("pollVotesLabel (issue 23 §3.5: '1 vote', not '1 votes')", () => {
  test.each([
    { total: 0, want: "0 votes" },
    { total: 1, want: "1 vote" },
    { total: 2, want: "2 votes" },
    { total: 21, want: "21 votes" },
  ])("$total → $want", ({ total, want }) => {
    expect(pollVotesLabel(total)).toBe(want);
  });
});
