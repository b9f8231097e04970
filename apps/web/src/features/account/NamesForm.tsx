import { errorMessage, nameRefusal, welcomeFormRefusal } from "@onstage/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";

export interface Names {
  firstName: string;
  lastName: string;
}

export interface NamesFormProps {
  submitLabel: string;
  isBusy: boolean;
  onSubmit: (names: Names) => void;
  /** Fields between the names and the button (the welcome form's terms checkbox). */
  children?: ReactNode;
  /** False while those fields (the terms checkbox) are not filled in. */
  isReady?: boolean;
}

const shownRefusal = (value: string, which: "first" | "last") => {
  const refusal = value.trim() === "" ? null : nameRefusal(value, which);
  return refusal ? errorMessage(refusal) : null;
};

/** Spec 2 §5: both names required; names with 'http' or over the maximum length are refused per field. */
export function NamesForm({ submitLabel, isBusy, onSubmit, children, isReady = true }: NamesFormProps) {
  const [names, setNames] = useState<Names>({ firstName: "", lastName: "" });
  const firstError = shownRefusal(names.firstName, "first");
  const lastError = shownRefusal(names.lastName, "last");
  // Spec 2 §5: submit stays disabled until the names and the checkbox are filled in, and valid.
  const isDisabled = isBusy || welcomeFormRefusal({ ...names, termsAccepted: isReady }) !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDisabled) onSubmit({ firstName: names.firstName.trim(), lastName: names.lastName.trim() });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="First name"
        autoComplete="given-name"
        value={names.firstName}
        error={firstError}
        onChange={(event) => setNames({ ...names, firstName: event.target.value })}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        value={names.lastName}
        error={lastError}
        onChange={(event) => setNames({ ...names, lastName: event.target.value })}
      />
      {children}
      <Button type="submit" fullWidth disabled={isDisabled}>
        {submitLabel}
      </Button>
    </form>
  );
}
