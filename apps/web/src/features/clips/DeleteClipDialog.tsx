import type { Clip } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

/** Spec 3 §2, §7: deleting a clip takes its page and file with it: confirmed first. */
export function DeleteClipDialog({
  clip,
  onClose,
  onConfirm,
}: {
  clip: Clip | null;
  onClose: () => void;
  onConfirm: (clip: Clip) => void;
}) {
  return (
    <Dialog
      open={clip !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete clip?"
      description={`"${clip?.title ?? ""}" will be deleted, with its page and its video.`}
    >
      <div className="clip-form__actions">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          onClick={() => {
            if (clip) onConfirm(clip);
            onClose();
          }}
        >
          Delete clip
        </Button>
      </div>
    </Dialog>
  );
}
