import { errorMessage, isRefusedPasswordStrength } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { NewPasswordField } from "../auth/NewPasswordField";
import { usePasswordStrength } from "../auth/usePasswordStrength";

export interface NewPasswordFormProps {
  isBusy: boolean;
  onSave: (password: string) => void;
}

export function NewPasswordForm({ isBusy, onSave }: NewPasswordFormProps) {
  const [password, setPassword] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  // The reset link does not say whose account it is: the server alone weighs the person's names.
  const strength = usePasswordStrength(password, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === "" || isRefusedPasswordStrength(strength)) {
      return setRefusal(errorMessage("weak_password"));
    }
    onSave(password);
  };
  return (
    <form onSubmit={submit} noValidate>
      <NewPasswordField
        label="New password"
        strength={strength}
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
