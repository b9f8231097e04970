import { CHAT_MESSAGE_MAX_LENGTH } from "@onstage/domain";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { useSignInParams } from "../auth/useSignInParams";
import "../room-kit/room-kit.css";
import { warnEmailNotVerified } from "./emailToast";
import { VerifyEmailPrompt } from "./VerifyEmailPrompt";

export type ComposerMode = "visitor" | "unverified" | "disabled" | "ready";

export interface ChatComposerProps {
  mode: ComposerMode;
  /** Resolves when the message was sent (or there was nothing to send); rejects when sending failed. */
  onSend: (text: string) => Promise<unknown>;
}

/** Spec 2 §5: Enter sends, Shift+Enter is a new line; text is trimmed and nothing is sent when empty. */
export function ChatComposer({ mode, onSend }: ChatComposerProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [draft, setDraft] = useState("");
  // Sends go one after another, so messages typed while one is in flight keep their order.
  const sending = useRef<Promise<void>>(Promise.resolve());
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
    const text = draft;
    // The box empties at once, so what is typed while this one is sending is never wiped by its answer.
    setDraft("");
    sending.current = sending.current.then(() =>
      onSend(text).then(
        () => undefined,
        // The failure toast is shown; the text comes back to send again, before anything typed since.
        () => setDraft((typed) => (typed.trim() === "" ? text : `${text}\n${typed}`)),
      ),
    );
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
        className="chat-composer__input message-input"
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
      <Button type="submit" size="sm" aria-disabled={isUnverified || undefined}>
        Send
      </Button>
      {isUnverified && <VerifyEmailPrompt id={hintId} className="chat-composer__hint" />}
    </form>
  );
}
