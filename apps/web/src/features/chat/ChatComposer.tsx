import { CHAT_MESSAGE_MAX_LENGTH, errorMessage } from "@onstage/domain";
import { type KeyboardEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../ui/Button";
import { useSignInParams } from "../auth/useSignInParams";
import { warnEmailNotVerified } from "./emailToast";

export type ComposerMode = "visitor" | "unverified" | "disabled" | "ready";

export interface ChatComposerProps {
  mode: ComposerMode;
  /** Resolves true when the message was sent (the box empties), false when there was nothing to send. */
  onSend: (text: string) => Promise<boolean>;
}

/** Spec 2 §5: Enter sends, Shift+Enter is a new line; text is trimmed and nothing is sent when empty. */
export function ChatComposer({ mode, onSend }: ChatComposerProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [draft, setDraft] = useState("");
  const [isSending, setSending] = useState(false);
  const signIn = useSignInParams();

  if (mode === "visitor") {
    return (
      <div className="chat-composer chat-composer--note">
        <p>Sign in to join the conversation.</p>
        <Button size="sm" onClick={signIn.open}>
          Sign in to chat
        </Button>
      </div>
    );
  }
  if (mode === "disabled") {
    return (
      <div className="chat-composer chat-composer--note">
        <p>Chat is disabled.</p>
      </div>
    );
  }

  const isUnverified = mode === "unverified";
  const submit = () => {
    if (isUnverified) return warnEmailNotVerified();
    if (isSending) return;
    setSending(true);
    onSend(draft)
      .then((sent) => {
        if (sent) setDraft("");
      })
      .catch(() => {
        // The failure toast is shown; the text stays to send again.
      })
      .finally(() => setSending(false));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Message
      </label>
      <textarea
        id={id}
        className="chat-composer__input"
        placeholder="Say something…"
        rows={2}
        value={draft}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        readOnly={isUnverified}
        aria-disabled={isUnverified || undefined}
        aria-describedby={isUnverified ? hintId : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onClick={isUnverified ? warnEmailNotVerified : undefined}
      />
      <Button type="submit" size="sm" aria-disabled={isUnverified || undefined} disabled={isSending}>
        Send
      </Button>
      {isUnverified && (
        <p id={hintId} className="chat-composer__hint">
          <Link to="/account/settings">{errorMessage("email_not_verified")}</Link>
        </p>
      )}
    </form>
  );
}
