import { errorMessage } from "@onstage/domain";
import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface InviteByEmailFormProps<Request> {
  /** Who is invited, in the form's words: 'speaker', 'teammate'. */
  who: string;
  invite: UseMutationResult<{ invite: { email: string } }, unknown, Request>;
  /** The request for a well-formed address; a string is the refusal to show instead. */
  request(email: string): Request | string;
  /** Fields beside the address (in its row). */
  beside?: ReactNode;
  /** Fields below the address. */
  children?: ReactNode;
}

/** An invitation by e-mail (a teammate's, a speaker's): its owner joins on accepting it by its link. */
export function InviteByEmailForm<Request>({
  who,
  invite,
  request,
  beside,
  children,
}: InviteByEmailFormProps<Request>) {
  const [email, setEmail] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const body = EMAIL_SHAPE.test(address) ? request(address) : errorMessage("invalid_email");
    if (typeof body === "string") return setRefusal(body);
    setRefusal(null);
    invite.mutate(body, {
      onSuccess: (answer) => {
        toast.success(`Invitation sent to ${answer.invite.email}`, { durationMs: DEFAULT_TOAST_MS });
        setEmail("");
      },
    });
  };
  const field = (
    <TextField
      label={`${capitalised(who)} email`}
      type="email"
      autoComplete="off"
      value={email}
      onChange={(event) => {
        setEmail(event.target.value);
        invite.reset();
      }}
    />
  );
  return (
    <form className="dash-invite" onSubmit={submit} noValidate aria-label={`Invite ${who}`}>
      <h3 className="dash-invite__title">Invite {who}</h3>
      {beside ? (
        <div className="field-row">
          {field}
          {beside}
        </div>
      ) : (
        field
      )}
      {children}
      <Button type="submit" disabled={invite.isPending}>
        Invite {who}
      </Button>
      <FormError message={refusal ?? (invite.error ? failureText(invite.error) : null)} />
    </form>
  );
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
