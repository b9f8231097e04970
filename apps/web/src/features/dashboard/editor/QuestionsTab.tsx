import { type DashEvent, type DashQuestion, numberQuestionLabel } from "@onstage/domain";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { QUESTION_TYPE_LABELS } from "../labels";
import { EditableListTab } from "./EditableListTab";
import { questionApi } from "./editorApi";
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

interface MoveButtonsProps {
  question: DashQuestion;
  isFirst: boolean;
  isLast: boolean;
  onMove: (step: -1 | 1) => void;
}

function MoveButtons({ question, isFirst, isLast, onMove }: MoveButtonsProps) {
  const hidden = <span className="visually-hidden"> {question.question}</span>;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        data-focus-key={`${question.id}-up`}
        disabled={isFirst}
        onClick={() => onMove(-1)}
      >
        Move up{hidden}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        data-focus-key={`${question.id}-down`}
        disabled={isLast}
        onClick={() => onMove(1)}
      >
        Move down{hidden}
      </Button>
    </>
  );
}

export function QuestionsTab({ event, questions }: { event: DashEvent; questions: DashQuestion[] }) {
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
  return (
    <EditableListTab
      eventId={event.id}
      items={ordered}
      title="Registration questions"
      addLabel="Add question"
      emptyText="No questions yet: visitors register with their name and email only."
      intro={<FormError message={reorder.error ? failureText(reorder.error) : null} />}
      row={(question, index) => ({
        name: question.question,
        details: questionDetails(question),
        badges: question.isRequired ? <Badge tone="primary">Required</Badge> : undefined,
        controls: (
          <MoveButtons
            question={question}
            isFirst={index === 0}
            isLast={index === ordered.length - 1}
            onMove={(step) => move(question, index, step)}
          />
        ),
      })}
      renderDialog={(question, close) => (
        <QuestionDialog eventId={event.id} question={question} onClose={close} />
      )}
      remove={questionApi.remove}
      deleteLabel="Delete question"
      deleteDescription="The question is no longer asked. Answers already given stay in the registrations."
      deletedText="Question deleted"
    />
  );
}
