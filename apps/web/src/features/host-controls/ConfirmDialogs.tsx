import { errorMessage } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

/** Spec 2 §7 reset-session, confirmed first: it deletes the session's streams. */
export function ResetSessionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Reset session"
      description="The session goes back to scheduled and its streams are deleted. Everyone leaves the stage."
    >
      <div className="host-controls__dialog-actions">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            props.onConfirm();
            props.onOpenChange(false);
          }}
        >
          Reset session
        </Button>
      </div>
    </Dialog>
  );
}

/** Spec 2 §8: the 'No minutes left' modal. */
export function NoMinutesLeftDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title="No minutes left"
      description={errorMessage("no_minutes_left")}
    >
      <div className="host-controls__dialog-actions">
        <Button onClick={props.onClose}>OK</Button>
      </div>
    </Dialog>
  );
}
