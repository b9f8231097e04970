import { type CustomRegistrationField, normaliseNumberAnswer, numberQuestionLabel } from "@onstage/domain";
import { TextField } from "../../../ui/TextField";
import { requiredClass } from "./QuestionField";

export interface NumberQuestionProps {
  field: CustomRegistrationField;
  answer: string;
  isMissing: boolean;
  onChange: (answer: string) => void;
}

/**
 * Spec 1 §5: non-numeric entry clears the answer; above max shows the max error and keeps the input;
 * below min snaps to min. The snap waits for the field to lose focus, or typing "12" towards a
 * minimum of 10 would turn the "1" into "10".
 */
export function NumberQuestion({ field, answer, isMissing, onChange }: NumberQuestionProps) {
  const { min, max } = field;
  const isAboveMax = normaliseNumberAnswer(answer, null, max).error === "above_max";
  return (
    <TextField
      label={numberQuestionLabel(field.question, min, max)}
      className={requiredClass(field)}
      inputMode="decimal"
      value={answer}
      aria-required={field.isRequired || undefined}
      aria-invalid={isMissing || isAboveMax || undefined}
      error={isAboveMax && max !== null ? `The maximum is ${max}` : null}
      onChange={(event) => onChange(normaliseNumberAnswer(event.target.value, null, max).answer)}
      onBlur={() => {
        if (answer !== "") onChange(normaliseNumberAnswer(answer, min, max).answer);
      }}
    />
  );
}
