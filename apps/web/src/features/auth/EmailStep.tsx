import { errorMessage, isValidEmail, normaliseEmail } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { TextField } from "../../ui/TextField";

export interface EmailStepProps {
  initialEmail: string;
  isBusy: boolean;
  error: string | null;
  onEdit: () => void;
  onContinue: (email: string) => void;
}

/** Spec 1 §5: a valid address is required; Enter in the field runs the account lookup. */
export function EmailStep({ initialEmail, isBusy, error, onEdit, onContinue }: EmailStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [isInvalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setInvalid(true);
    onContinue(normaliseEmail(email));
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        data-autofocus
        value={email}
        error={isInvalid ? errorMessage("invalid_email") : null}
        onChange={(event) => {
          setEmail(event.target.value);
          setInvalid(false);
          onEdit();
        }}
      />
      <Button type="submit" fullWidth disabled={isBusy}>
        Continue
      </Button>
      <FormError message={error} />
    </form>
  );
}
