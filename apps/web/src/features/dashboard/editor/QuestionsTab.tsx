import { type DashEvent, type DashQuestion, numberQuestionLabel } from "@onstage/domain";
import { useState } from "react";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ConfirmDialog } from "../form/ConfirmDialog";
import { QUESTION_TYPE_LABELS } from "../labels";
import { questionApi } from "./editorApi";
import { PartList, PartRow } from "./PartList";
import { QuestionDialog } from "./QuestionDialog";
import { isChoiceType } from "./questionDraft";
import { useEventPartMutation } from "./useEventEditor";

function questionDetails(q: DashQuestion): string {
  const type = QUESTION_TYPE_LABELS[q.type];
  if (isChoiceType(q.type)) return `${type} · ${q.answers.join(", ")}`;
  // Spec 1 §2: number questions show '(min: x - max: y)'.
  if (q.type === "number") return numberQuestionLabel(type, q.min, q.max);
  return type;
}

/** The ids with one question moved one place up (-1) or down (+1). */
function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + step, 0, item);
  return next;
}

function focusMoveButton(questionId: number, step: -1 | 1) {
  const find = (direction: string) =>
    document.querySelector<HTMLButtonElement>(`[data-focus-key="${questionId}-${direction}"]`);
  const pressed = find(step === -1 ? "up" : "down");
  (pressed?.disabled ? find(step === -1 ? "down" : "up") : pressed)?.focus();
}

export function QuestionsTab({ event, questions }: { event: DashEvent; questions: DashQuestion[] }) {
  const [editing, setEditing] = useState<DashQuestion | "new" | null>(null);
  const [deleting, setDeleting] = useState<DashQuestion | null>(null);
  const remove = useEventPartMutation(event.id, questionApi.remove);
  const reorder = useEventPartMutation(event.id, (ids: number[]) => questionApi.reorder(event.id, ids));
  const ordered = [...questions].sort((a, b) => a.order - b.order);
  const ids = ordered.map((q) => q.id);
  const move = (question: DashQuestion, index: number, step: -1 | 1) => {
    if (reorder.isPending) return;
    reorder.mutate(moved(ids, index, step), {
      // The row moved: keep the keyboard user's focus on it, on the other button once this one is disabled.
      onSuccess: () => requestAnimationFrame(() => focusMoveButton(question.id, step)),
    });
  };
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Question deleted", { durationMs: DEFAULT_TOAST_MS });
        setDeleting(null);
      },
    });
  const dialogs = (
    <>
      {editing !== null && (
        <QuestionDialog
          eventId={event.id}
          question={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
          remove.reset();
        }}
        title="Delete question"
        description="The question is no longer asked. Answers already given stay in the registrations."
        confirmLabel="Delete question"
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
      />
    </>
  );
  return (
    <PartList
      title="Registration questions"
      addLabel="Add question"
      onAdd={() => setEditing("new")}
      isEmpty={ordered.length === 0}
      emptyText="No questions yet: visitors register with their name and email only."
      intro={<FormError message={reorder.error ? failureText(reorder.error) : null} />}
      dialogs={dialogs}
    >
      {ordered.map((question, index) => {
        const hidden = <span className="visually-hidden"> {question.question}</span>;
        const controls = (
          <>
            <Button
              variant="ghost"
              size="sm"
              data-focus-key={`${question.id}-up`}
              disabled={index === 0}
              onClick={() => move(question, index, -1)}
            >
              Move up{hidden}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              data-focus-key={`${question.id}-down`}
              disabled={index === ordered.length - 1}
              onClick={() => move(question, index, 1)}
            >
              Move down{hidden}
            </Button>
          </>
        );
        return (
          <PartRow
            key={question.id}
            name={question.question}
            details={questionDetails(question)}
            badges={question.isRequired ? <Badge tone="primary">Required</Badge> : undefined}
            controls={controls}
            onEdit={() => setEditing(question)}
            onDelete={() => setDeleting(question)}
          />
        );
      })}
    </PartList>
  );
}
