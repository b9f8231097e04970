// @vitest-environment happy-dom
import type { Poll } from "@onstage/domain";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { PollCard } from "./PollCard";

const poll = (answers: [number, number]): Poll => ({
  id: 1,
  sessionId: 7,
  question: "Tea or coffee?",
  hidden: false,
  showAnswers: true,
  order: 0,
  createdAt: "2026-11-28T10:00:00.000Z",
  shownAt: "2026-11-28T10:00:00.000Z",
  options: [
    { id: 11, option: "Tea", order: 0, answers: answers[0] },
    { id: 12, option: "Coffee", order: 1, answers: answers[1] },
  ],
});

const noop = () => {};

afterEach(cleanup);

// Issue 23 §3.5: a poll with one answer read '1 votes'.
test.each([
  { answers: [0, 0] as [number, number], want: "0 votes" },
  { answers: [1, 0] as [number, number], want: "1 vote" },
  { answers: [1, 1] as [number, number], want: "2 votes" },
])("a poll's total with $answers answers reads '$want'", ({ answers, want }) => {
  render(
    <PollCard
      poll={poll(answers)}
      myAnswer={null}
      mayManage={false}
      isFirst
      isLast
      onVote={noop}
      onEdit={noop}
      onDelete={noop}
      onToggle={noop}
      onMove={noop}
    />,
  );
  expect(screen.getByText(want, { exact: true })).toBeTruthy();
});
