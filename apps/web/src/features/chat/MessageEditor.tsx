import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage } from "@onstage/domain";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "../../ui/Button";

export interface MessageEditorProps {
  message: ChatMessage;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}

/** Inline edit of one's own message: Enter saves, Shift+Enter is a new line, Escape cancels. */
export function MessageEditor({ message, onSave, onCancel }: MessageEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState(message.message);
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
      className="chat-editor"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Edit message
      </label>
      <textarea
        id={id}
        className="chat-editor__input"
        value={draft}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        rows={2}
        // biome-ignore lint/a11y/noAutofocus: the person just pressed Edit on this message.
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-editor__actions">
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
