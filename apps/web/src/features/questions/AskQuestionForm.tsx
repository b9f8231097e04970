import { QUESTION_TEXT_MAX_LENGTH } from "@onstage/domain";
import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { useSignInParams } from "../auth/useSignInParams";
import { VerifyEmailPrompt } from "../chat/VerifyEmailPrompt";

/**
 * Spec 2 §2, §5: the 'Ask a question' input, disabled until the e-mail is verified (with the prompt to
 * verify); text is trimmed and nothing is sent when empty.
 */
export function AskQuestionForm({
  mode,
  onAsk,
}: {
  mode: "visitor" | "unverified" | "ready";
  onAsk: (text: string) => Promise<boolean>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [draft, setDraft] = useState("");
  const signIn = useSignInParams();
  if (mode === "visitor")
    return (
      <div className="qa-ask qa-ask--note">
        <p>Sign in to ask a question.</p>
        <Button size="sm" onClick={signIn.open}>
          Sign in
        </Button>
      </div>
    );
  const isUnverified = mode === "unverified";
  const isEmpty = draft.trim() === "";
  return (
    <form
      className="qa-ask"
      onSubmit={async (event) => {
        event.preventDefault();
        if (isEmpty || isUnverified) return;
        if (await onAsk(draft)) setDraft("");
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Ask a question
      </label>
      <textarea
        id={id}
        className="qa-ask__input"
        placeholder="Ask a question"
        rows={2}
        value={draft}
        maxLength={QUESTION_TEXT_MAX_LENGTH}
        disabled={isUnverified}
        aria-describedby={isUnverified ? hintId : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" size="sm" disabled={isUnverified || isEmpty}>
        Ask
      </Button>
      {isUnverified && <VerifyEmailPrompt id={hintId} className="qa-ask__hint" />}
    </form>
  );
}
