import { useId } from "react";
import { Checkbox, type CheckboxProps } from "../../../ui/Checkbox";
import "./form.css";

export interface HintedCheckboxProps extends Omit<CheckboxProps, "children"> {
  label: string;
  hint: string;
}

/** A checkbox whose short label is its name and whose explanation is read as its description. */
export function HintedCheckbox({ label, hint, ...rest }: HintedCheckboxProps) {
  const hintId = useId();
  return (
    <div className="hinted-checkbox">
      <Checkbox aria-describedby={hintId} {...rest}>
        {label}
      </Checkbox>
      <p id={hintId} className="hinted-checkbox__hint">
        {hint}
      </p>
    </div>
  );
}
