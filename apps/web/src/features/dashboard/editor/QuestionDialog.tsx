import { type CustomFieldType, DASH_LIMITS, type DashQuestion } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { Checkbox } from "../../../ui/Checkbox";
import { Dialog } from "../../../ui/Dialog";
import { FormError } from "../../../ui/FormError";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
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
import { useEventPartMutation } from "./useEventEditor";

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
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useEventPartMutation(eventId, (body: QuestionBody) =>
    question ? questionApi.update(question.id, body) : questionApi.create(eventId, body),
  );
  const edit = (patch: Partial<QuestionDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setRefusal(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = questionBodyOf(draft);
    if ("refusal" in result) return setRefusal(result.refusal);
    save.mutate(result.body, {
      onSuccess: () => {
        toast.success(question ? "Question saved" : "Question added", { durationMs: DEFAULT_TOAST_MS });
        onClose();
      },
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={question ? "Edit question" : "Add question"}
      description="Asked in the registration dialog."
    >
      <form
        onSubmit={submit}
        noValidate
        // Any edit clears the last refusal: it spoke about the values before the edit.
        onChange={() => {
          setRefusal(null);
          save.reset();
        }}
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
        <FormError message={refusal ?? (save.error ? failureText(save.error) : null)} />
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save question
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
