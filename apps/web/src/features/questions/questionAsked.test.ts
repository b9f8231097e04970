import { expect, test } from "vitest";
import { questionAskedText } from "./questionsModule";

// Spec 2 §7's question-asked notification to the team: who asked and what (long questions cut at 80).

const user = { id: 1, firstName: "Ada", lastName: "Lovelace", profilePhoto: null };

test.each([
  { content: "What is on the agenda?", want: "New question from Ada Lovelace: What is on the agenda?" },
  { content: "x".repeat(81), want: `New question from Ada Lovelace: ${"x".repeat(79)}…` },
])("'$content' → '$want'", ({ content, want }) => {
  expect(questionAskedText({ content, user })).toBe(want);
});
