import { errorMessage } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { TermsCheckbox } from "./TermsCheckbox";

export interface TermsStepProps {
  submitLabel: string;
  isBusy: boolean;
  error: string | null;
  onAccept: () => void;
}

/** Spec 1 §2, §4: the separate terms confirmation panel a new social user sees. */
export function TermsStep({ submitLabel, isBusy, error, onAccept }: TermsStepProps) {
  const [termsAccepted, setTermsAccepted] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (termsAccepted) onAccept();
  };
  return (
    <form className="sign-in__step" onSubmit={submit}>
      <h3 className="sign-in__heading" tabIndex={-1} data-autofocus>
        One last step
      </h3>
      <p className="sign-in__text">{errorMessage("terms_required")}</p>
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} />
      <Button type="submit" fullWidth disabled={isBusy || !termsAccepted}>
        {submitLabel}
      </Button>
      <FormError message={error} />
    </form>
  );
}
