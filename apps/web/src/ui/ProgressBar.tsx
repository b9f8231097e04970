import { useId } from "react";
import "./ProgressBar.css";

export interface ProgressBarProps {
  label: string;
  /** From 0 to 1. */
  fraction: number;
}

export function ProgressBar({ label, fraction }: ProgressBarProps) {
  const id = useId();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="progress">
      <label htmlFor={id} className="progress__label">
        {label}
      </label>
      <progress id={id} className="progress__bar" value={percent} max={100}>
        {percent}%
      </progress>
      <span className="progress__value" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
