import { useId } from "react";
import "./form.css";

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

export interface RadioGroupProps<T extends string> {
  legend: string;
  value: T;
  options: readonly RadioOption<T>[];
  onChange: (value: T) => void;
}

/** A fieldset of native radios: arrow keys move between options, the legend names the group. */
export function RadioGroup<T extends string>({ legend, value, options, onChange }: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="radio-group">
      <legend className="radio-group__legend">{legend}</legend>
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className="radio-group__option">
            <input
              id={id}
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              aria-describedby={option.hint ? `${id}-hint` : undefined}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={id}>{option.label}</label>
            {option.hint && (
              <p id={`${id}-hint`} className="radio-group__hint">
                {option.hint}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
