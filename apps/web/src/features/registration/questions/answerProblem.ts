import {
  type CustomAnswers,
  type CustomRegistrationField,
  customAnswerRefusal,
  normaliseNumberAnswer,
} from "@onstage/domain";

/** Spec 1 §2: the URL question's hint names this page's own host as the example. */
export function urlHint(host: string): string {
  return `must be a valid url e.g. ${host}`;
}

/**
 * What is wrong with a non-blank answer, in words for the field, or null. The verdict is the server's
 * own (`customAnswerRefusal`), so nothing the form lets through is refused later; the words are ours
 * where the spec gives none (docs/decisions.md "Registration dialog").
 */
export function answerProblem(field: CustomRegistrationField, answer: string, host: string): string | null {
  if (customAnswerRefusal(field, answer) === null) return null;
  switch (field.type) {
    case "number":
      // Spec 1 §5: above max shows the max error and keeps the input.
      return normaliseNumberAnswer(answer, null, field.max).error === "above_max" && field.max !== null
        ? `The maximum is ${field.max}`
        : "Please enter a number";
    case "url":
      return urlHint(host);
    case "phone":
      return "Please enter a valid phone number";
    case "date":
      return "Please enter a valid date";
    default:
      return "Please choose one of the options";
  }
}

/** Whether any answer would be refused; blank answers are `missingRequiredFields`' business. */
export function hasAnswerProblems(
  fields: readonly CustomRegistrationField[],
  answers: CustomAnswers,
  host: string,
): boolean {
  return fields.some((field) => answerProblem(field, answers[field.id] ?? "", host) !== null);
}

const DATE_ANSWER = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Spec 1 §2: dates display as 'MMMM d, yyyy' (CUSTOM_QUESTION_DATE_FORMAT); stored as yyyy-mm-dd. */
export function formatDateAnswer(answer: string): string | null {
  const match = DATE_ANSWER.exec(answer);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}
