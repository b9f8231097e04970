import { type CustomRegistrationField, joinMultiSelect, splitMultiSelect } from "@onstage/domain";
import { useId } from "react";

export interface ChoiceQuestionProps {
  field: CustomRegistrationField;
  answer: string;
  isMissing: boolean;
  onChange: (answer: string) => void;
}

/**
 * Spec 1 §2: a multiple-choice question is a radio group, a multi-select one a group of checkboxes
 * whose answer is stored comma-joined (spec 1 §3). Up to 5 options; more use the searchable dropdown.
 */
export function ChoiceQuestion({ field, answer, isMissing, onChange }: ChoiceQuestionProps) {
  const name = useId();
  const isMulti = field.type === "multi_select";
  const chosen = isMulti ? splitMultiSelect(answer) : [answer];
  const toggle = (option: string, isChecked: boolean) => {
    const next = isChecked ? [...chosen, option] : chosen.filter((value) => value !== option);
    // Keep the host's option order whatever order the boxes were ticked in.
    onChange(joinMultiSelect(field.answers.filter((value) => next.includes(value))));
  };
  return (
    <fieldset
      className={["question-group", field.isRequired ? "field--required" : ""].filter(Boolean).join(" ")}
      aria-invalid={isMissing || undefined}
    >
      <legend className="field__label">{field.question}</legend>
      {field.answers.map((option) => (
        <label key={option} className="question-group__option">
          <input
            type={isMulti ? "checkbox" : "radio"}
            name={name}
            value={option}
            checked={chosen.includes(option)}
            // A required radio group is announced as required (the forms validate themselves: noValidate).
            required={!isMulti && field.isRequired}
            onChange={(event) => (isMulti ? toggle(option, event.target.checked) : onChange(option))}
          />
          {option}
        </label>
      ))}
    </fieldset>
  );
}
