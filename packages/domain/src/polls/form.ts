import { POLL_MIN_OPTIONS } from "../constants";

// Spec 2 §5 "Poll form": the create and edit form's rules, for the web's form and the server's save.

/** Our bounds (the spec names none): the database's column limits and a list that fits the panel. */
export const POLL_QUESTION_MAX_LENGTH = 500;
export const POLL_OPTION_MAX_LENGTH = 200;
export const POLL_OPTIONS_MAX_COUNT = 10;

export interface PollForm {
  question: string;
  /** The option slots as typed, empty ones included. */
  options: string[];
}

export interface PollFormErrors {
  question?: "required";
  options?: "at_least_two";
}

const filled = (options: string[]) =>
  options.map((option) => option.trim()).filter((option) => option !== "");

/** A new form: an empty question and the two slots that always stay. */
export function emptyPollForm(): PollForm {
  return { question: "", options: Array(POLL_MIN_OPTIONS).fill("") };
}

/** Spec 2 §5: submit stays disabled until 2 options are filled. */
export function canSubmitPollForm(form: PollForm): boolean {
  return filled(form.options).length >= POLL_MIN_OPTIONS;
}

/** Spec 2 §5: the question is required; one option alone flags an options error. */
export function pollFormErrors(form: PollForm): PollFormErrors {
  const errors: PollFormErrors = {};
  if (form.question.trim() === "") errors.question = "required";
  if (filled(form.options).length === 1) errors.options = "at_least_two";
  return errors;
}

/** Spec 2 §5: with fewer than 3 slots, removing clears the slot, so 2 slots always stay. */
export function removePollOptionSlot(options: string[], index: number): string[] {
  if (options.length <= POLL_MIN_OPTIONS) return options.map((option, i) => (i === index ? "" : option));
  return options.filter((_, i) => i !== index);
}

export function mayAddPollOptionSlot(options: string[]): boolean {
  return options.length < POLL_OPTIONS_MAX_COUNT;
}

/** Spec 2 §5: empty options are dropped on save; what is kept is trimmed. */
export function pollOptionsToSave(options: string[]): string[] {
  return filled(options);
}

/** The poll to store, or null when the form breaks a rule (the server refuses it with 400). */
export function pollToSave(form: PollForm): { question: string; options: string[] } | null {
  const options = pollOptionsToSave(form.options);
  const question = form.question.trim();
  if (question === "" || question.length > POLL_QUESTION_MAX_LENGTH) return null;
  if (options.length < POLL_MIN_OPTIONS || options.length > POLL_OPTIONS_MAX_COUNT) return null;
  if (options.some((option) => option.length > POLL_OPTION_MAX_LENGTH)) return null;
  return { question, options };
}
