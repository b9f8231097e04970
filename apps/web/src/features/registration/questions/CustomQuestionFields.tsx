import type { CustomAnswers, CustomRegistrationField } from "@onstage/domain";
import { QuestionField } from "./QuestionField";
import "./questions.css";

export interface CustomQuestionFieldsProps {
  fields: readonly CustomRegistrationField[];
  answers: CustomAnswers;
  onChange: (fieldId: number, answer: string) => void;
  /** Required questions left blank, marked after a submit that was refused for them. */
  missingIds: readonly number[];
}

/** Spec 1 §2 "Custom question rendering": the event's questions in the host's order. */
export function CustomQuestionFields({ fields, answers, onChange, missingIds }: CustomQuestionFieldsProps) {
  if (fields.length === 0) return null;
  const ordered = [...fields].sort((a, b) => a.order - b.order || a.id - b.id);
  return (
    <div className="questions">
      {ordered.map((field) => (
        <QuestionField
          key={field.id}
          field={field}
          answer={answers[field.id] ?? ""}
          isMissing={missingIds.includes(field.id)}
          onChange={(answer) => onChange(field.id, answer)}
        />
      ))}
    </div>
  );
}
