import type { CustomFieldType } from "../vocabulary";
import { isValidUrlAnswer, normaliseNumberAnswer, splitMultiSelect } from "./rules";

// Spec 1 §2, §5: what the server accepts as the answer to each custom question type.

export interface AnswerableQuestion {
  type: CustomFieldType;
  /** The choices of multiple_choice and multi_select questions. */
  answers: readonly string[];
  min: number | null;
  max: number | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Digits with the usual separators and an optional leading +; 5 to 20 digits (E.164 allows 15).
const PHONE = /^\+?[0-9 ().-]+$/;
const PHONE_MIN_DIGITS = 5;
const PHONE_MAX_DIGITS = 20;

function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isPhone(text: string): boolean {
  const digits = text.replace(/\D/g, "").length;
  return PHONE.test(text) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * Whether a non-blank answer fits its question: numbers as `normaliseNumberAnswer` leaves them (inside
 * min and max), dates as yyyy-mm-dd, choices among the options, multi-select comma-joined (spec 1 §3),
 * checkboxes 'true' or 'false'. Blank answers are the business of `missingRequiredFields`.
 */
export function customAnswerRefusal(question: AnswerableQuestion, answer: string): "invalid_answer" | null {
  const text = answer.trim();
  if (text === "") return null;
  const valid = (() => {
    switch (question.type) {
      case "number": {
        const normalised = normaliseNumberAnswer(text, question.min, question.max);
        return normalised.error === null && normalised.answer === text;
      }
      case "url":
        return isValidUrlAnswer(text);
      case "date":
        return isIsoDate(text);
      case "multiple_choice":
        return question.answers.includes(text);
      case "multi_select": {
        const chosen = splitMultiSelect(text);
        return new Set(chosen).size === chosen.length && chosen.every((c) => question.answers.includes(c));
      }
      case "checkbox":
        return text === "true" || text === "false";
      case "phone":
        return isPhone(text);
      case "text":
        return true;
    }
  })();
  return valid ? null : "invalid_answer";
}
