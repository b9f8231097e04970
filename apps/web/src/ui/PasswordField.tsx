import { useState } from "react";
import { Button } from "./Button";
import { TextField, type TextFieldProps } from "./TextField";

export type PasswordFieldProps = Omit<TextFieldProps, "type" | "trailing">;

/** A password input with a Show/Hide toggle (spec 1 §5). */
export function PasswordField(props: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  // The hidden word keeps the toggle's name distinct ('Show password') without an aria-label, which
  // would make it match the field's own label.
  const toggle = (
    <Button variant="secondary" onClick={() => setVisible((visible) => !visible)}>
      {isVisible ? "Hide" : "Show"}
      <span className="visually-hidden"> password</span>
    </Button>
  );
  return <TextField {...props} type={isVisible ? "text" : "password"} trailing={toggle} />;
}
