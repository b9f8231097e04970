import {
  type CustomFieldType,
  DASH_LIMITS,
  type DashQuestion,
  errorMessage,
  questionRefusal,
} from "@onstage/domain";

export interface QuestionDraft {
  question: string;
  type: CustomFieldType;
  isRequired: boolean;
  options: string[];
  min: string;
  max: string;
}

export const isChoiceType = (type: CustomFieldType) => type === "multiple_choice" || type === "multi_select";

const blankOptions = () => Array.from({ length: DASH_LIMITS.questionMinOptions }, () => "");

export function questionDraftOf(question: DashQuestion | null): QuestionDraft {
  if (!question)
    return { question: "", type: "text", isRequired: false, options: blankOptions(), min: "", max: "" };
  return {
    question: question.question,
    type: question.type,
    isRequired: question.isRequired,
    options: question.answers.length > 0 ? [...question.answers] : blankOptions(),
    min: question.min === null ? "" : String(question.min),
    max: question.max === null ? "" : String(question.max),
  };
}

const boundOf = (text: string): number | null | undefined => {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

export interface QuestionBody {
  question: string;
  type: CustomFieldType;
  isRequired: boolean;
  answers: string[];
  min: number | null;
  max: number | null;
}

/** The request for the draft, or the refusal the server would give (questionRefusal), in its words. */
export function questionBodyOf(draft: QuestionDraft): { body: QuestionBody } | { refusal: string } {
  if (draft.question.trim() === "") return { refusal: "Please enter the question" };
  const isNumber = draft.type === "number";
  const min = isNumber ? boundOf(draft.min) : null;
  const max = isNumber ? boundOf(draft.max) : null;
  if (min === undefined || max === undefined)
    return { refusal: "The minimum and maximum are numbers, or blank" };
  const answers = isChoiceType(draft.type) ? draft.options.map((o) => o.trim()) : [];
  const body = {
    question: draft.question.trim(),
    type: draft.type,
    isRequired: draft.isRequired,
    answers,
    min,
    max,
  };
  const refusal = questionRefusal(body);
  return refusal ? { refusal: errorMessage(refusal) } : { body };
}
