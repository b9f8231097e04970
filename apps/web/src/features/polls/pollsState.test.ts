import type { Poll } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { initialPollsState, type PollsState, pollAsSeen, pollsReducer } from "./pollsState";

const poll = (id: number, order: number, answers: [number | null, number | null] = [0, 0]): Poll => ({
  id,
  sessionId: 1,
  question: `Q${id}`,
  hidden: false,
  showAnswers: true,
  order,
  createdAt: "2026-01-01T00:00:00.000Z",
  shownAt: "2026-01-01T00:00:00.000Z",
  options: [
    { id: id * 10 + 1, option: "a", order: 0, answers: answers[0] },
    { id: id * 10 + 2, option: "b", order: 1, answers: answers[1] },
  ],
});
const ready = (polls: Poll[], myAnswers: Record<number, number> = {}): PollsState => ({
  ...initialPollsState,
  status: "ready",
  polls,
  myAnswers,
});
const counts = (state: PollsState, id: number) =>
  state.polls.find((p) => p.id === id)?.options.map((o) => o.answers);

describe("pollsReducer", () => {
  test.each([
    { case: "set", mine: undefined, clicked: 11 as number | null, want: [1, 0] },
    { case: "switch", mine: 11, clicked: 12, want: [0, 1] },
    { case: "remove", mine: 11, clicked: null, want: [0, 0] },
  ])("the viewer's own answer shows at once: $case", ({ mine, clicked, want }) => {
    const start = ready([poll(1, 0, mine ? [1, 0] : [0, 0])], mine ? { 1: mine } : {});
    const next = pollsReducer(start, { type: "answered", pollId: 1, optionId: clicked });
    expect(counts(next, 1)).toEqual(want);
    expect(next.myAnswers[1]).toBe(clicked ?? undefined);
  });

  test("results replace the counts; hidden counts stay hidden", () => {
    const start = ready([poll(1, 0), poll(2, 1, [null, null])]);
    const results = {
      pollId: 1,
      counts: [
        { optionId: 11, answers: 3 },
        { optionId: 12, answers: 4 },
      ],
    };
    expect(counts(pollsReducer(start, { type: "results", results }), 1)).toEqual([3, 4]);
    const hidden = {
      pollId: 2,
      counts: [
        { optionId: 21, answers: 3 },
        { optionId: 22, answers: 4 },
      ],
    };
    expect(counts(pollsReducer(start, { type: "results", results: hidden }), 2)).toEqual([null, null]);
  });

  test("saved, reordered and removed keep the list in the team's order", () => {
    let state = ready([poll(1, 0), poll(2, 1)]);
    state = pollsReducer(state, { type: "saved", poll: poll(3, 2) });
    state = pollsReducer(state, { type: "reordered", order: [3, 1, 2] });
    expect(state.polls.map((p) => p.id)).toEqual([3, 1, 2]);
    state = pollsReducer(state, { type: "removed", pollId: 1 });
    expect(state.polls.map((p) => p.id)).toEqual([3, 2]);
  });

  test("an answer from the viewer's other tab sets their choice; the counts wait for the results", () => {
    const start = ready([poll(1, 0, [1, 0])], { 1: 11 });
    const switched = pollsReducer(start, { type: "answerSynced", pollId: 1, optionId: 12 });
    expect(switched.myAnswers).toEqual({ 1: 12 });
    expect(counts(switched, 1)).toEqual([1, 0]);
    const removed = pollsReducer(switched, { type: "answerSynced", pollId: 1, optionId: null });
    expect(removed.myAnswers).toEqual({});
  });

  test("answers left out of the counts (shadow ban): the viewer still sees their own counted", () => {
    const uncounted = { ...ready([poll(1, 0, [2, 5])]), myAnswersCounted: false };
    const voted = pollsReducer(uncounted, { type: "answered", pollId: 1, optionId: 12 });
    expect(counts(voted, 1)).toEqual([2, 5]);
    const seen = (state: PollsState) =>
      pollAsSeen(state.polls[0] as Poll, state).options.map((o) => o.answers);
    expect(seen(voted)).toEqual([2, 6]);
    // The next results (everyone else's) keep it added.
    const results = {
      pollId: 1,
      counts: [
        { optionId: 11, answers: 3 },
        { optionId: 12, answers: 5 },
      ],
    };
    expect(seen(pollsReducer(voted, { type: "results", results }))).toEqual([3, 6]);
    const counted = ready([poll(1, 0, [2, 5])], { 1: 12 });
    expect(seen(counted)).toEqual([2, 5]);
  });
});
