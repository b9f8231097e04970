import { type CustomFieldType, DASH_LIMITS, type DashQuestion } from "@onstage/domain";
import { useState } from "react";
import { Checkbox } from "../../../ui/Checkbox";
import { TextField } from "../../../ui/TextField";
import { FormDialog } from "../form/FormDialog";
import { SelectField } from "../form/SelectField";
import { optionsOf, QUESTION_TYPE_LABELS } from "../labels";
import { questionApi } from "./editorApi";
import { OptionsEditor } from "./OptionsEditor";
import {
  isChoiceType,
  type QuestionBody,
  type QuestionDraft,
  questionBodyOf,
  questionDraftOf,
} from "./questionDraft";
import { usePartForm } from "./usePartForm";

const TYPE_OPTIONS = optionsOf(QUESTION_TYPE_LABELS);
const isQuestionType = (value: string): value is CustomFieldType =>
  TYPE_OPTIONS.some((o) => o.value === value);

export interface QuestionDialogProps {
  eventId: number;
  /** Null adds a new question (at the end). */
  question: DashQuestion | null;
  onClose: () => void;
}

/** Spec 1 §2, §3: a custom registration question of one of the 8 types, with options or bounds. */
export function QuestionDialog({ eventId, question, onClose }: QuestionDialogProps) {
  const [draft, setDraft] = useState<QuestionDraft>(() => questionDraftOf(question));
  const { refuse, send, dialogProps } = usePartForm({
    eventId,
    save: (body: QuestionBody) =>
      question ? questionApi.update(question.id, body) : questionApi.create(eventId, body),
    savedText: question ? "Question saved" : "Question added",
    onClose,
  });
  const edit = (patch: Partial<QuestionDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    refuse(null);
  };
  const submit = () => {
    const result = questionBodyOf(draft);
    if ("refusal" in result) return refuse(result.refusal);
    send(result.body);
  };
  return (
    <FormDialog
      title={question ? "Edit question" : "Add question"}
      description="Asked in the registration dialog."
      submitLabel="Save question"
      onSubmit={submit}
      {...dialogProps}
    >
      <TextField
        label="Question"
        value={draft.question}
        maxLength={DASH_LIMITS.questionMaxChars}
        data-autofocus
        onChange={(e) => edit({ question: e.target.value })}
      />
      <SelectField
        label="Answer type"
        value={draft.type}
        options={TYPE_OPTIONS}
        onChange={(e) => isQuestionType(e.target.value) && edit({ type: e.target.value })}
      />
      <Checkbox checked={draft.isRequired} onChange={(e) => edit({ isRequired: e.target.checked })}>
        Required
      </Checkbox>
      {isChoiceType(draft.type) && (
        <OptionsEditor options={draft.options} onChange={(options) => edit({ options })} />
      )}
      {draft.type === "number" && (
        <div className="field-row">
          <TextField
            label="Minimum"
            inputMode="decimal"
            hint="Blank for none."
            value={draft.min}
            onChange={(e) => edit({ min: e.target.value })}
          />
          <TextField
            label="Maximum"
            inputMode="decimal"
            hint="Blank for none."
            value={draft.max}
            onChange={(e) => edit({ max: e.target.value })}
          />
        </div>
      )}
    </FormDialog>
  );
}
