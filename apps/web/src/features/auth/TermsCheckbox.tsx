import { Checkbox } from "../../ui/Checkbox";

export interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Spec 1 §2, §5: the required terms/privacy checkbox; the legal pages open in a new tab. */
export function TermsCheckbox({ checked, onChange }: TermsCheckboxProps) {
  return (
    <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} required>
      I agree to the{" "}
      <a href="/terms-of-service" target="_blank" rel="noopener noreferrer">
        Terms of Service
      </a>{" "}
      and{" "}
      <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
        Privacy Policy
      </a>
    </Checkbox>
  );
}
