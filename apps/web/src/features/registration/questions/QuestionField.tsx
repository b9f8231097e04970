import { type CustomRegistrationField, usesSearchableDropdown } from "@onstage/domain";
import { useState } from "react";
import { Checkbox } from "../../../ui/Checkbox";
import { TextField } from "../../../ui/TextField";
import { answerProblem, formatDateAnswer, urlHint } from "./answerProblem";
import { ChoiceQuestion } from "./ChoiceQuestion";
import { NumberQuestion } from "./NumberQuestion";
import { SearchableSelect } from "./SearchableSelect";

export interface QuestionFieldProps {
  field: CustomRegistrationField;
  answer: string;
  isMissing: boolean;
  onChange: (answer: string) => void;
}

/** The required mark is drawn by CSS and left out of the accessible name; aria-required says it. */
export const requiredClass = (field: CustomRegistrationField) => (field.isRequired ? "field--required" : "");

/** One custom question, rendered for its type (spec 1 §2). */
export function QuestionField({ field, answer, isMissing, onChange }: QuestionFieldProps) {
  const [isTouched, setTouched] = useState(false);
  const host = window.location.host;
  const problem = isTouched ? answerProblem(field, answer, host) : null;
  const common = {
    label: field.question,
    className: requiredClass(field),
    value: answer,
    "aria-required": field.isRequired || undefined,
    "aria-invalid": isMissing || problem !== null || undefined,
    onBlur: () => setTouched(true),
  };
  if (usesSearchableDropdown(field)) {
    return <SearchableSelect field={field} answer={answer} isMissing={isMissing} onChange={onChange} />;
  }
  switch (field.type) {
    case "checkbox":
      return (
        <Checkbox
          className={requiredClass(field)}
          checked={answer === "true"}
          aria-required={field.isRequired || undefined}
          aria-invalid={isMissing || undefined}
          onChange={(event) => onChange(event.target.checked ? "true" : "false")}
        >
          {field.question}
        </Checkbox>
      );
    case "multiple_choice":
    case "multi_select":
      return <ChoiceQuestion field={field} answer={answer} isMissing={isMissing} onChange={onChange} />;
    case "number":
      return <NumberQuestion field={field} answer={answer} isMissing={isMissing} onChange={onChange} />;
    case "date":
      return (
        <TextField
          {...common}
          type="date"
          hint={formatDateAnswer(answer) ?? undefined}
          error={problem}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "url":
      return (
        <TextField
          {...common}
          type="url"
          inputMode="url"
          autoComplete="url"
          // Spec 1 §2: the hint turns into the error while the answer is not a URL.
          hint={problem ? undefined : urlHint(host)}
          error={problem}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "phone":
      return (
        <TextField
          {...common}
          type="tel"
          autoComplete="tel"
          error={problem}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "text":
      return <TextField {...common} error={problem} onChange={(event) => onChange(event.target.value)} />;
  }
}
