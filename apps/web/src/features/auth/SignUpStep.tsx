import {
  type CustomAnswers,
  type CustomRegistrationField,
  errorMessage,
  isRefusedPasswordStrength,
  normaliseEmail,
  signUpDisabled,
  signUpRefusal,
} from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { TextField } from "../../ui/TextField";
import { hasAnswerProblems } from "../registration/questions/answerProblem";
import { CustomQuestionFields } from "../registration/questions/CustomQuestionFields";
import { NewPasswordField } from "./NewPasswordField";
import { TermsCheckbox } from "./TermsCheckbox";
import { usePasswordStrength } from "./usePasswordStrength";
import type { SignUpForm } from "./useSignInFlow";

export interface SignUpStepProps {
  initialEmail: string;
  submitLabel: string;
  isBusy: boolean;
  error: string | null;
  onEdit: () => void;
  onSignUp: (form: SignUpForm, answers: CustomAnswers) => void;
  /** Spec 1 §2: in the registration dialog the screen asks the event's custom registration questions. */
  fields?: readonly CustomRegistrationField[];
}

const NO_FIELDS: readonly CustomRegistrationField[] = [];

/** Spec 1 §2 "Sign-up confirmation screen", with the event's optional custom registration questions. */
export function SignUpStep({
  initialEmail,
  submitLabel,
  isBusy,
  error,
  onEdit,
  onSignUp,
  fields = NO_FIELDS,
}: SignUpStepProps) {
  const [form, setForm] = useState<SignUpForm>({
    email: initialEmail,
    firstName: "",
    lastName: "",
    password: "",
  });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const shownError = refusal ?? error;
  const passwordStrength = usePasswordStrength(form.password, [form.email, form.firstName, form.lastName]);
  const edit = (change: Partial<SignUpForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setRefusal(null);
    onEdit();
  };
  // Spec 1 §5: disabled until every required custom field has a non-blank answer, and (ours) while an
  // answer would be refused, so the registration after sign-up cannot fail on it.
  const isDisabled =
    isBusy ||
    hasAnswerProblems(fields, answers, window.location.host) ||
    signUpDisabled({ ...form, termsAccepted, hasError: shownError !== null, fields, answers });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isDisabled) return;
    const code = signUpRefusal({ ...form, termsAccepted });
    if (code) return setRefusal(errorMessage(code));
    if (isRefusedPasswordStrength(passwordStrength)) return setRefusal(errorMessage("weak_password"));
    onSignUp(
      {
        ...form,
        email: normaliseEmail(form.email),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
      },
      answers,
    );
  };
  const welcome = `Welcome ${form.firstName.trim()}`.trim();
  return (
    <form className="sign-in__step" onSubmit={submit} noValidate>
      <h3 className="sign-in__heading" tabIndex={-1} data-autofocus>
        {welcome}
      </h3>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(event) => edit({ email: event.target.value })}
      />
      <TextField
        label="First name"
        autoComplete="given-name"
        value={form.firstName}
        onChange={(event) => edit({ firstName: event.target.value })}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        value={form.lastName}
        onChange={(event) => edit({ lastName: event.target.value })}
      />
      <NewPasswordField
        label="Password (optional)"
        strength={passwordStrength}
        note="Leave it empty to sign in with emailed links."
        value={form.password}
        onChange={(event) => edit({ password: event.target.value })}
      />
      <CustomQuestionFields
        fields={fields}
        answers={answers}
        missingIds={[]}
        onChange={(fieldId, answer) => setAnswers((current) => ({ ...current, [fieldId]: answer }))}
      />
      <TermsCheckbox
        checked={termsAccepted}
        onChange={(checked) => {
          setTermsAccepted(checked);
          setRefusal(null);
          onEdit();
        }}
      />
      <Button type="submit" fullWidth disabled={isDisabled}>
        {submitLabel}
      </Button>
      <FormError message={shownError} />
    </form>
  );
}
