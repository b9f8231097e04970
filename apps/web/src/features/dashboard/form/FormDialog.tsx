import type { FormEvent, ReactNode } from "react";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { FormError } from "../../../ui/FormError";

export interface FormDialogProps {
  title: string;
  description: string;
  /** The submit button's text, e.g. 'Save coupon'. */
  submitLabel: string;
  /** The refusal or the server's failure, shown above the buttons. */
  error: string | null;
  isPending: boolean;
  onSubmit: () => void;
  /** Called on any edit of the form's fields. */
  onEdit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** An always-open dialog holding one form, with its error and Cancel and submit buttons. Mount it to open it. */
export function FormDialog(props: FormDialogProps) {
  const { title, description, submitLabel, error, isPending, onSubmit, onEdit, onClose, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form onSubmit={submit} noValidate onChange={onEdit}>
        {children}
        <FormError message={error} />
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
