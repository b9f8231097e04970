import type { ReactNode } from "react";
import { Button } from "../../ui/Button";

/**
 * A studio item's form (a title, a CTA): its fields, then its submit button, disabled until `canSubmit`,
 * and Cancel when editing. `onSubmit` runs only when it may.
 */
export function StudioForm(props: {
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="studio-overlay-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (props.canSubmit) props.onSubmit();
      }}
    >
      {props.children}
      <div className="studio-row">
        <Button type="submit" size="sm" disabled={!props.canSubmit}>
          {props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button size="sm" variant="ghost" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
