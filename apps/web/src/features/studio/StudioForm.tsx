import { OFFER_LABEL_MAX_CHARS } from "@onstage/domain";
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

/** A CTA's button label (spec 3 §5: link and contribution alike). */
export function CtaLabelField(props: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="studio-field">
      <label htmlFor={props.id}>Button label</label>
      <input
        id={props.id}
        value={props.value}
        maxLength={OFFER_LABEL_MAX_CHARS}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
