import { CLIP_TITLE_MAX_CHARS, errorMessage } from "@onstage/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { TextField } from "../../ui/TextField";

export interface ClipTitleFormProps {
  initialTitle?: string;
  submitLabel: string;
  /** False while what else the form needs is not there yet (the create dialog's range). */
  canSubmit?: boolean;
  /** Sends the trimmed title; a refusal shows in the form, in the server's words. */
  send: (title: string) => Promise<void>;
  onCancel: () => void;
  /** What the form asks before the title. */
  children?: ReactNode;
}

/** Spec 2 §5, spec 3 §7: a clip's title is required (creating and renaming alike). */
export function ClipTitleForm({
  initialTitle = "",
  submitLabel,
  canSubmit = true,
  send,
  onCancel,
  children,
}: ClipTitleFormProps) {
  const [title, setTitle] = useState(initialTitle);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const trimmed = title.trim();
    if (!trimmed) return setFailure(errorMessage("clip_title_required"));
    setSending(true);
    setFailure(null);
    try {
      await send(trimmed);
    } catch (error) {
      setFailure(failureText(error));
      setSending(false);
    }
  }
  return (
    <form className="clip-form" onSubmit={submit} noValidate>
      {children}
      <TextField
        label="Title"
        value={title}
        required
        maxLength={CLIP_TITLE_MAX_CHARS}
        onChange={(e) => setTitle(e.target.value)}
        data-autofocus
      />
      <FormError message={failure} />
      <div className="clip-form__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit || isSending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
