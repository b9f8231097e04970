import { describe, expect, test } from "vitest";
import {
  canSubmitPollForm,
  emptyPollForm,
  pollFormErrors,
  pollOptionsToSave,
  pollToSave,
  removePollOptionSlot,
} from "./form";

describe("poll form (spec 2 §5)", () => {
  test("a new form has an empty question and two slots", () => {
    expect(emptyPollForm()).toEqual({ question: "", options: ["", ""] });
  });

  test.each([
    { case: "no option filled", options: ["", ""], want: false },
    { case: "one option filled", options: ["a", " "], want: false },
    { case: "two options filled", options: ["a", "b"], want: true },
    { case: "two of three filled", options: ["a", "", "b"], want: true },
  ])("submit enabled: $case → $want", ({ options, want }) => {
    expect(canSubmitPollForm({ question: "", options })).toBe(want);
  });

  test.each([
    { case: "empty question", question: " ", options: ["a", "b"], want: { question: "required" } },
    { case: "one option alone", question: "Q", options: ["a", ""], want: { options: "at_least_two" } },
    { case: "no option yet", question: "Q", options: ["", ""], want: {} },
    { case: "valid", question: "Q", options: ["a", "b"], want: {} },
  ])("errors: $case", ({ question, options, want }) => {
    expect(pollFormErrors({ question, options })).toEqual(want);
  });

  test.each([
    { case: "two slots: the slot is cleared", options: ["a", "b"], index: 0, want: ["", "b"] },
    { case: "three slots: the slot goes", options: ["a", "b", "c"], index: 1, want: ["a", "c"] },
    { case: "four slots: the slot goes", options: ["a", "b", "c", "d"], index: 3, want: ["a", "b", "c"] },
  ])("remove: $case", ({ options, index, want }) => {
    expect(removePollOptionSlot(options, index)).toEqual(want);
  });

  test("empty options are dropped on save, the rest trimmed", () => {
    expect(pollOptionsToSave([" a ", "", "  ", "b"])).toEqual(["a", "b"]);
  });

  test.each([
    {
      case: "valid",
      form: { question: " Q ", options: ["a", "", "b"] },
      want: { question: "Q", options: ["a", "b"] },
    },
    { case: "no question", form: { question: "", options: ["a", "b"] }, want: null },
    { case: "one option", form: { question: "Q", options: ["a", ""] }, want: null },
    { case: "too many options", form: { question: "Q", options: Array(11).fill("x") }, want: null },
    { case: "option too long", form: { question: "Q", options: ["a", "b".repeat(201)] }, want: null },
  ])("save: $case", ({ form, want }) => {
    expect(pollToSave(form)).toEqual(want);
  });
});
