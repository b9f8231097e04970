import { errorMessage, PASSWORD_MIN_CHARS } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { PasswordField } from "../../ui/PasswordField";

export interface NewPasswordFormProps {
  isBusy: boolean;
  onSave: (password: string) => void;
}

export function NewPasswordForm({ isBusy, onSave }: NewPasswordFormProps) {
  const [password, setPassword] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_CHARS) return setRefusal(errorMessage("weak_password"));
    onSave(password);
  };
  return (
    <form onSubmit={submit} noValidate>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_CHARS} characters.`}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setRefusal(null);
        }}
      />
      <Button type="submit" fullWidth disabled={isBusy || password === ""}>
        Save new password
      </Button>
      <FormError message={refusal} />
    </form>
  );
}
