import { type TextareaHTMLAttributes, useId } from "react";
import "./TextField.css";

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "value"> {
  label: string;
  value: string;
  /** Counted in characters; the counter under the field reads '{n} / {max} characters'. */
  maxLength: number;
}

export function TextAreaField({ label, value, maxLength, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  return (
    <div className={["field", className ?? ""].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input field__textarea"
        value={value}
        maxLength={maxLength}
        aria-describedby={counterId}
        {...rest}
      />
      <p id={counterId} className="field__hint">
        {value.length} / {maxLength} characters
      </p>
    </div>
  );
}
