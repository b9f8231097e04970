import { CHAT_MESSAGE_MAX_LENGTH } from "@onstage/domain";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "../../ui/Button";
import "./room-kit.css";

export interface MessageEditorProps {
  /** The text being edited: a chat message, a question or a comment (the same 2000-character bound). */
  text: string;
  label?: string;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}

/** Inline edit of one's own message (or a question, or a comment): Enter saves, Shift+Enter is a new line, Escape cancels. */
export function MessageEditor({ text, label = "Edit message", onSave, onCancel }: MessageEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState(text);
  const [isSaving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    onSave(draft)
      .then(onCancel)
      .catch(() => setSaving(false));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };
  return (
    <form
      className="message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="message-input"
        value={draft}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        rows={2}
        // biome-ignore lint/a11y/noAutofocus: the person just pressed Edit on this message.
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="message-editor__actions">
        <Button type="submit" size="sm" disabled={isSaving}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
