import type { Poll } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

/** Deleting a poll takes its answers with it: confirmed first (issue 12 poll fixes). */
export function DeletePollDialog({
  poll,
  onClose,
  onConfirm,
}: {
  poll: Poll | null;
  onClose: () => void;
  onConfirm: (poll: Poll) => void;
}) {
  return (
    <Dialog
      open={poll !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete poll?"
      description={`"${poll?.question ?? ""}" and its answers will be deleted for everyone.`}
    >
      <div className="poll-delete__actions">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          onClick={() => {
            if (poll) onConfirm(poll);
            onClose();
          }}
        >
          Delete poll
        </Button>
      </div>
    </Dialog>
  );
}
