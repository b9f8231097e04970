import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { PasswordField } from "../../ui/PasswordField";

export interface PasswordStepProps {
  email: string;
  firstName: string | null;
  isBusy: boolean;
  error: string | null;
  onEdit: () => void;
  onSignIn: (password: string) => void;
  onForgotPassword: () => void;
  onEmailLink: () => void;
  onDifferentEmail: () => void;
}

/** Spec 1 §4: the account has a password. */
export function PasswordStep(props: PasswordStepProps) {
  const { email, firstName, isBusy, error } = props;
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== "") props.onSignIn(password);
  };
  return (
    <div className="sign-in__step">
      <h3 className="sign-in__heading">{firstName ? `Welcome back, ${firstName}` : "Welcome back"}</h3>
      <p className="sign-in__text">
        Signing in as <strong>{email}</strong>
      </p>
      <form onSubmit={submit}>
        {/* For password managers: the account this password belongs to. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            props.onEdit();
          }}
        />
        <Button type="submit" fullWidth disabled={isBusy || password === ""}>
          Sign in
        </Button>
        <FormError message={error} />
      </form>
      <div className="sign-in__links">
        <Button variant="ghost" size="sm" disabled={isBusy} onClick={props.onForgotPassword}>
          Forgot password?
        </Button>
        <Button variant="ghost" size="sm" disabled={isBusy} onClick={props.onEmailLink}>
          Email me a sign-in link instead
        </Button>
        <Button variant="ghost" size="sm" onClick={props.onDifferentEmail}>
          Use a different email
        </Button>
      </div>
    </div>
  );
}
