import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import "./Checkbox.css";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  /** The label; links inside it stay clickable without toggling the box. */
  children: ReactNode;
}

export function Checkbox({ children, className, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className={["checkbox", className ?? ""].filter(Boolean).join(" ")}>
      <input id={id} type="checkbox" className="checkbox__input" {...rest} />
      <label htmlFor={id} className="checkbox__label">
        {children}
      </label>
    </div>
  );
}
