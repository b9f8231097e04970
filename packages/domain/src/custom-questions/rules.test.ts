import { describe, expect, test } from "vitest";
import type { CustomFieldType } from "../vocabulary";
import {
  type CustomQuestion,
  isValidUrlAnswer,
  joinMultiSelect,
  missingRequiredFields,
  normaliseNumberAnswer,
  numberQuestionLabel,
  splitMultiSelect,
  usesSearchableDropdown,
} from "./rules";

const options = (n: number) => Array.from({ length: n }, (_, i) => `Option ${i + 1}`);

describe("usesSearchableDropdown (spec 1 §2: more than 5 options)", () => {
  test.each<{ case: string; type: CustomFieldType; n: number; want: boolean }>([
    { case: "multiple choice with 5 options", type: "multiple_choice", n: 5, want: false },
    { case: "multiple choice with 6 options", type: "multiple_choice", n: 6, want: true },
    { case: "multi-select with 5 options", type: "multi_select", n: 5, want: false },
    { case: "multi-select with 6 options", type: "multi_select", n: 6, want: true },
    { case: "text never", type: "text", n: 10, want: false },
  ])("$case → $want", ({ type, n, want }) => {
    expect(usesSearchableDropdown({ type, answers: options(n) })).toBe(want);
  });
});

describe("numberQuestionLabel (spec 1 §2)", () => {
  test.each([
    {
      case: "both bounds",
      min: 1 as number | null,
      max: 10 as number | null,
      want: "Team size (min: 1 - max: 10)",
    },
    { case: "min only", min: 0, max: null, want: "Team size (min: 0)" },
    { case: "max only", min: null, max: 99, want: "Team size (max: 99)" },
    { case: "no bounds", min: null, max: null, want: "Team size" },
  ])("$case → $want", ({ min, max, want }) => {
    expect(numberQuestionLabel("Team size", min, max)).toBe(want);
  });
});

describe("normaliseNumberAnswer (spec 1 §5 number question)", () => {
  test.each([
    { case: "in range", raw: "5", want: { answer: "5", error: null } },
    { case: "decimal in range", raw: "2.5", want: { answer: "2.5", error: null } },
    { case: "non-numeric clears", raw: "abc", want: { answer: "", error: null } },
    { case: "partly numeric clears", raw: "5kg", want: { answer: "", error: null } },
    { case: "empty stays empty", raw: "", want: { answer: "", error: null } },
    { case: "above max keeps the input and reports", raw: "11", want: { answer: "11", error: "above_max" } },
    { case: "below min snaps to min", raw: "0", want: { answer: "1", error: null } },
    { case: "negative below min snaps to min", raw: "-3", want: { answer: "1", error: null } },
    { case: "at max", raw: "10", want: { answer: "10", error: null } },
  ])("$case: '$raw'", ({ raw, want }) => {
    expect(normaliseNumberAnswer(raw, 1, 10)).toEqual(want);
  });

  test("without bounds any number is kept", () => {
    expect(normaliseNumberAnswer("-42", null, null)).toEqual({ answer: "-42", error: null });
  });
});

describe("multi-select answers are stored comma-joined (spec 1 §3)", () => {
  test.each([
    { case: "several", values: ["Red", "Blue"], stored: "Red,Blue" },
    { case: "one", values: ["Red"], stored: "Red" },
    { case: "none", values: [], stored: "" },
  ])("$case ↔ '$stored'", ({ values, stored }) => {
    expect(joinMultiSelect(values)).toBe(stored);
    expect(splitMultiSelect(stored)).toEqual(values);
  });

  test("splitting tolerates spaces and empty items", () => {
    expect(splitMultiSelect(" Red , ,Blue ")).toEqual(["Red", "Blue"]);
  });
});

describe("missingRequiredFields (spec 1 §5)", () => {
  const field = (id: number, type: CustomFieldType, isRequired = true): CustomQuestion => ({
    id,
    type,
    isRequired,
    answers: [],
  });
  test.each([
    { case: "required text answered", f: field(1, "text"), answer: "Acme", want: [] },
    { case: "required text blank", f: field(1, "text"), answer: "   ", want: [1] },
    { case: "required text missing", f: field(1, "text"), answer: undefined, want: [1] },
    { case: "optional text missing", f: field(1, "text", false), answer: undefined, want: [] },
    { case: "multi-select with any option", f: field(2, "multi_select"), answer: "Red", want: [] },
    { case: "multi-select with none", f: field(2, "multi_select"), answer: ",", want: [2] },
    { case: "checkbox ticked", f: field(3, "checkbox"), answer: "true", want: [] },
    { case: "checkbox unticked", f: field(3, "checkbox"), answer: "false", want: [3] },
    { case: "number answered", f: field(4, "number"), answer: "0", want: [] },
  ])("$case → $want", ({ f, answer, want }) => {
    expect(missingRequiredFields([f], { [f.id]: answer })).toEqual(want);
  });
});

describe("isValidUrlAnswer (spec 1 §2 URL questions)", () => {
  test.each([
    { case: "https address", value: "https://example.com", want: true },
    { case: "http address with path", value: "http://example.com/a?b=c#d", want: true },
    { case: "bare host", value: "example.com", want: true },
    { case: "subdomain and port", value: "https://www.example.co.uk:8080/x", want: true },
    { case: "plain word", value: "example", want: false },
    { case: "spaces inside", value: "https://exa mple.com", want: false },
    { case: "other scheme", value: "ftp://example.com", want: false },
    { case: "empty", value: "", want: false },
  ])("$case: '$value' → $want", ({ value, want }) => {
    expect(isValidUrlAnswer(value)).toBe(want);
  });
});
