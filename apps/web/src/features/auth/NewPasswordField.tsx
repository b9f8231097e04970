import { type PasswordStrength, passwordStrengthHint } from "@onstage/domain";
import { PasswordField, type PasswordFieldProps } from "../../ui/PasswordField";

export type NewPasswordFieldProps = Omit<PasswordFieldProps, "hint" | "isHintLive" | "autoComplete"> & {
  strength: PasswordStrength;
  /** Said after the strength rule (sign-up: the field is optional). */
  note?: string;
};

/** A new password's field: the strength rule beside it, updated and announced as the person types. */
export function NewPasswordField({ strength, note, ...props }: NewPasswordFieldProps) {
  const hint = [passwordStrengthHint(strength), note].filter(Boolean).join(" ");
  return <PasswordField {...props} autoComplete="new-password" hint={hint} isHintLive />;
}
