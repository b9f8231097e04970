import { expect, test } from "vitest";
import type { CustomFieldType } from "../vocabulary";
import { customAnswerRefusal } from "./answers";

const question = (type: CustomFieldType, extra: { min?: number; max?: number } = {}) => ({
  type,
  answers: ["Red", "Green", "Blue"],
  min: extra.min ?? null,
  max: extra.max ?? null,
});

test.each<{ case: string; type: CustomFieldType; answer: string; min?: number; max?: number; ok: boolean }>([
  { case: "blank answer is left to the required check", type: "number", answer: " ", ok: true },
  { case: "number inside bounds", type: "number", answer: "5", min: 1, max: 10, ok: true },
  { case: "decimal number", type: "number", answer: "2.5", ok: true },
  { case: "negative number without bounds", type: "number", answer: "-3", ok: true },
  { case: "number above max", type: "number", answer: "11", min: 1, max: 10, ok: false },
  { case: "number below min (the form snaps it)", type: "number", answer: "0", min: 1, max: 10, ok: false },
  { case: "non-numeric number", type: "number", answer: "five", ok: false },
  { case: "url with scheme", type: "url", answer: "https://example.com/a", ok: true },
  { case: "bare host url", type: "url", answer: "example.com", ok: true },
  { case: "not a url", type: "url", answer: "not a url", ok: false },
  { case: "javascript url", type: "url", answer: "javascript:alert(1)", ok: false },
  { case: "ISO date", type: "date", answer: "2025-02-28", ok: true },
  { case: "leap day", type: "date", answer: "2024-02-29", ok: true },
  { case: "impossible date", type: "date", answer: "2025-02-30", ok: false },
  { case: "display-format date", type: "date", answer: "February 3, 2025", ok: false },
  { case: "one of the choices", type: "multiple_choice", answer: "Green", ok: true },
  { case: "not a choice", type: "multiple_choice", answer: "Purple", ok: false },
  { case: "two choices for a single choice", type: "multiple_choice", answer: "Red,Blue", ok: false },
  { case: "multi-select subset", type: "multi_select", answer: "Red,Blue", ok: true },
  { case: "multi-select with spaces", type: "multi_select", answer: "Red, Blue", ok: true },
  { case: "multi-select with a stranger", type: "multi_select", answer: "Red,Purple", ok: false },
  { case: "multi-select twice the same", type: "multi_select", answer: "Red,Red", ok: false },
  { case: "checkbox ticked", type: "checkbox", answer: "true", ok: true },
  { case: "checkbox unticked", type: "checkbox", answer: "false", ok: true },
  { case: "checkbox yes", type: "checkbox", answer: "yes", ok: false },
  { case: "international phone", type: "phone", answer: "+44 20 7946 0958", ok: true },
  { case: "phone with brackets", type: "phone", answer: "(555) 123-4567", ok: true },
  { case: "too short phone", type: "phone", answer: "123", ok: false },
  { case: "phone with letters", type: "phone", answer: "555-CALL-NOW", ok: false },
  { case: "any text", type: "text", answer: "Hello, world", ok: true },
])("$case → $ok", ({ type, answer, min, max, ok }) => {
  expect(customAnswerRefusal(question(type, { min, max }), answer)).toBe(ok ? null : "invalid_answer");
});
