import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { PasswordField } from "../../ui/PasswordField";
import { checkEventPassword } from "./registrationApi";

export interface EventPasswordViewProps {
  eventId: number;
  onAccepted: (password: string) => void;
}

/** Spec 1 §4, §5: the event password prompt; a mismatch reads 'Incorrect event password'. */
export function EventPasswordView({ eventId, onAccepted }: EventPasswordViewProps) {
  const [password, setPassword] = useState("");
  const check = useMutation({
    mutationFn: (guess: string) => checkEventPassword({ event_id: eventId, password: guess }),
    onSuccess: (_answer, guess) => onAccepted(guess),
  });
  const error = check.error ? failureText(check.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== "" && !check.isPending) check.mutate(password);
  };
  return (
    <form className="registration__step" onSubmit={submit} noValidate>
      <h3 className="registration__heading" tabIndex={-1} data-autofocus>
        This event is password protected
      </h3>
      <p className="registration__text">Enter the event password the host gave you.</p>
      <PasswordField
        label="Event password"
        autoComplete="off"
        value={password}
        aria-invalid={error !== null || undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          check.reset();
        }}
      />
      <Button type="submit" fullWidth disabled={password === "" || check.isPending}>
        Continue
      </Button>
      <FormError message={error} />
    </form>
  );
}
