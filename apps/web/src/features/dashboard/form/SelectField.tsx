import { type SelectHTMLAttributes, useId } from "react";
import "../../../ui/TextField.css";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  options: readonly SelectOption[];
  hint?: string;
}

/** A native select with its label: keyboard and screen-reader behaviour come from the browser. */
export function SelectField({ label, options, hint, className, ...rest }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={["field", className ?? ""].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" aria-describedby={hint ? hintId : undefined} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
