import { type CurrentUser, errorMessage, isRefusedPasswordStrength } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { PasswordField } from "../../ui/PasswordField";
import { NewPasswordField } from "../auth/NewPasswordField";
import { usePasswordStrength } from "../auth/usePasswordStrength";
import { SavedNote, SettingsSection } from "./SettingsSection";
import { useChangePassword } from "./useAccountSettings";

/** 'Set a password' for accounts that sign in with links only; else 'Change password'. */
export function PasswordSection({ user }: { user: CurrentUser }) {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useChangePassword();
  const strength = usePasswordStrength(newPassword, [user.email, user.firstName, user.lastName]);
  const action = user.hasPassword ? "Change password" : "Set a password";
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setRefusal(null);
    change.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword === "" || isRefusedPasswordStrength(strength)) {
      return setRefusal(errorMessage("weak_password"));
    }
    const body = user.hasPassword ? { currentPassword, newPassword } : { newPassword };
    change.mutate(body, {
      onSuccess: () => {
        setCurrentPassword("");
        setNewPassword("");
      },
    });
  };
  const isIncomplete = newPassword === "" || (user.hasPassword && currentPassword === "");
  return (
    <SettingsSection title="Password">
      <form onSubmit={submit} noValidate>
        {user.hasPassword && (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => edit(setCurrentPassword)(event.target.value)}
          />
        )}
        <NewPasswordField
          label="New password"
          strength={strength}
          value={newPassword}
          onChange={(event) => edit(setNewPassword)(event.target.value)}
        />
        <Button type="submit" disabled={change.isPending || isIncomplete}>
          {action}
        </Button>
        <FormError message={refusal ?? (change.error ? failureText(change.error) : null)} />
        <SavedNote text={change.isSuccess ? "Password saved" : null} />
      </form>
    </SettingsSection>
  );
}
