import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import "./TextField.css";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  hint?: string;
  /** The hint follows what is typed (a password's strength): screen readers hear its changes. */
  isHintLive?: boolean;
  error?: string | null;
  /** A control beside the input (the password field's Show/Hide toggle). */
  trailing?: ReactNode;
}

/** An input with its label always associated, and hint and error text announced via aria-describedby. */
export function TextField({
  label,
  hint,
  isHintLive = false,
  error,
  trailing,
  className,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const input = (
    <input
      id={id}
      className="field__input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...rest}
    />
  );
  return (
    <div className={["field", className ?? ""].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {trailing ? (
        <div className="field__control">
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
      {hint && (
        <p id={hintId} className="field__hint" aria-live={isHintLive ? "polite" : undefined}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
