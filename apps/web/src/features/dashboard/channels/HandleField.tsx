import { useId } from "react";
import "../../../ui/TextField.css";

export interface HandleFieldProps {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

/** 'Channel handle' with a fixed '@' in front, as the channel's address reads: /@{channel_name}. */
export function HandleField({ value, error, onChange }: HandleFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Channel handle
      </label>
      <div className="handle-field">
        <span className="handle-field__prefix" aria-hidden="true">
          @
        </span>
        <input
          id={id}
          className="field__input handle-field__input"
          value={value}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p id={hintId} className="field__hint">
        Your channel's address: {window.location.host}/@{value || "handle"}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
