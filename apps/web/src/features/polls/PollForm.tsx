import {
  canSubmitPollForm,
  emptyPollForm,
  mayAddPollOptionSlot,
  POLL_OPTION_MAX_LENGTH,
  POLL_QUESTION_MAX_LENGTH,
  type Poll,
  type PollForm as PollFormValues,
  pollFormErrors,
  pollToSave,
  removePollOptionSlot,
} from "@onstage/domain";
import { type FormEvent, useRef, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FormError } from "../../ui/FormError";
import { TextField } from "../../ui/TextField";
import { createPoll, updatePoll } from "./pollsApi";

export interface PollFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: number;
  sessionId: number;
  /** Edits this poll; creates one when absent. */
  poll?: Poll;
  onSaved: (poll: Poll) => void;
}

const ERROR_TEXT = { question: "Please enter a question", options: "Please enter at least 2 options" };

const formOf = (poll?: Poll): PollFormValues =>
  poll ? { question: poll.question, options: poll.options.map((o) => o.option) } : emptyPollForm();

/** Spec 2 §5's poll form in a dialog (keyboard: Radix traps focus, Escape closes). */
export function PollFormDialog({
  open,
  onOpenChange,
  eventId,
  sessionId,
  poll,
  onSaved,
}: PollFormDialogProps) {
  const [form, setForm] = useState(() => formOf(poll));
  /** Per slot: a key that stays with it, and the edited poll's option id (new slots have none). */
  const nextKey = useRef(0);
  const slot = (id?: number) => ({ key: nextKey.current++, id });
  const [slots, setSlots] = useState(() => formOf(poll).options.map((_, i) => slot(poll?.options[i]?.id)));
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = tried ? pollFormErrors(form) : pollFormErrors({ ...form, question: "x" });

  const setOption = (index: number, text: string) =>
    setForm((f) => ({ ...f, options: f.options.map((o, i) => (i === index ? text : o)) }));
  const removeOption = (index: number) => {
    const next = removePollOptionSlot(form.options, index);
    // A cleared slot (spec 2 §5: fewer than 3 slots) is a new option from now on.
    setSlots(
      next.length < form.options.length
        ? slots.filter((_, i) => i !== index)
        : slots.map((s, i) => (i === index ? slot() : s)),
    );
    setForm((f) => ({ ...f, options: next }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const saved = pollToSave(form);
    if (!saved) return;
    try {
      const answer = poll
        ? await updatePoll(poll.id, eventId, {
            set: { question: saved.question },
            options: form.options
              .map((option, i) => ({ id: slots[i]?.id, option: option.trim() }))
              .filter((o) => o.option !== ""),
          })
        : await createPoll({ eventId, sessionId, ...saved });
      onSaved(answer.poll);
      onOpenChange(false);
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={poll ? "Edit poll" : "Create poll"}
      description="Ask a question with at least 2 options"
      hideDescription
    >
      <form className="poll-form" onSubmit={submit} noValidate>
        <TextField
          label="Question"
          value={form.question}
          maxLength={POLL_QUESTION_MAX_LENGTH}
          onChange={(e) => setForm((f) => ({ ...f, question: e.target.value }))}
          error={errors.question ? ERROR_TEXT.question : null}
          data-autofocus
        />
        <fieldset className="poll-form__options">
          <legend>Options</legend>
          {form.options.map((option, i) => (
            <div className="poll-form__option" key={slots[i]?.key}>
              <TextField
                label={`Option ${i + 1}`}
                value={option}
                maxLength={POLL_OPTION_MAX_LENGTH}
                onChange={(e) => setOption(i, e.target.value)}
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => removeOption(i)}
                aria-label={`Remove option ${i + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <FormError message={errors.options ? ERROR_TEXT.options : null} />
          {mayAddPollOptionSlot(form.options) && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setSlots((all) => [...all, slot()]);
                setForm((f) => ({ ...f, options: [...f.options, ""] }));
              }}
            >
              Add option
            </Button>
          )}
        </fieldset>
        <FormError message={failure} />
        <Button type="submit" variant="primary" disabled={!canSubmitPollForm(form)}>
          {poll ? "Save" : "Create poll"}
        </Button>
      </form>
    </Dialog>
  );
}
