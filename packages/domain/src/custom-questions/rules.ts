import { SELECT_DROPDOWN_THRESHOLD_OPTIONS } from "../constants";
import type { CustomFieldType } from "../vocabulary";

// Spec 1 §2 "Custom question rendering" and §5 custom-question validation.

export interface CustomQuestion {
  id: number;
  type: CustomFieldType;
  isRequired: boolean;
  answers: readonly string[];
}

/** Answers keyed by custom field id; multi-select answers are stored comma-joined (spec 1 §3). */
export type CustomAnswers = Readonly<Record<number, string | undefined>>;

/** Spec 1 §2: multiple-choice or multi-select with more than 5 options is a searchable dropdown. */
export function usesSearchableDropdown(field: Pick<CustomQuestion, "type" | "answers">): boolean {
  const isChoice = field.type === "multiple_choice" || field.type === "multi_select";
  return isChoice && field.answers.length > SELECT_DROPDOWN_THRESHOLD_OPTIONS;
}

/** Spec 1 §2: number questions show '(min: x - max: y)'; a missing bound is left out. */
export function numberQuestionLabel(question: string, min: number | null, max: number | null): string {
  const bounds = [min === null ? null : `min: ${min}`, max === null ? null : `max: ${max}`].filter(
    (bound) => bound !== null,
  );
  return bounds.length === 0 ? question : `${question} (${bounds.join(" - ")})`;
}

export interface NumberAnswer {
  answer: string;
  error: "above_max" | null;
}

const NUMBER_PATTERN = /^-?(\d+\.?\d*|\.\d+)$/;

/** Spec 1 §5: non-numeric clears; above max keeps the input with the max error; below min snaps to min. */
export function normaliseNumberAnswer(raw: string, min: number | null, max: number | null): NumberAnswer {
  const text = raw.trim();
  if (!NUMBER_PATTERN.test(text)) return { answer: "", error: null };
  const value = Number(text);
  if (max !== null && value > max) return { answer: text, error: "above_max" };
  if (min !== null && value < min) return { answer: String(min), error: null };
  return { answer: text, error: null };
}

/** Spec 1 §3: multi-select answers are stored comma-joined. */
export function joinMultiSelect(values: readonly string[]): string {
  return values.join(",");
}

export function splitMultiSelect(stored: string): string[] {
  return stored
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

function isAnswered(field: CustomQuestion, answer: string | undefined): boolean {
  const text = answer?.trim() ?? "";
  // A required checkbox must be ticked, not merely answered "false".
  if (field.type === "checkbox") return text === "true";
  // Spec 1 §5: a required multi-select is satisfied once any option is chosen.
  if (field.type === "multi_select") return splitMultiSelect(text).length > 0;
  return text !== "";
}

/** Spec 1 §5: ids of required fields whose answer is blank. */
export function missingRequiredFields(fields: readonly CustomQuestion[], answers: CustomAnswers): number[] {
  return fields.filter((field) => field.isRequired && !isAnswered(field, answers[field.id])).map((f) => f.id);
}

const URL_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

/** Spec 1 §2: 'must be a valid url e.g. {host}'; the scheme may be left out, as people type it. */
export function isValidUrlAnswer(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}
