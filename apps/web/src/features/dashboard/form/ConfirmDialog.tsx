import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { FormError } from "../../../ui/FormError";
import "./form.css";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  error: string | null;
}

/** Destructive actions ask first; Cancel takes the initial focus so Enter does no harm. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <FormError message={error} />
      <div className="dialog-actions">
        <Button variant="secondary" data-autofocus onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button className="btn--danger" disabled={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
