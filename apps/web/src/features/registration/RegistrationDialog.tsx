import { Dialog } from "../../ui/Dialog";

export interface RegistrationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventTitle: string;
}

// TODO(registration views): the sign-in, ticket-options, patreon, checkout and registering views of
// spec 1 §2 replace this body; they need the auth and registration endpoints first.
export function RegistrationDialog({ open, onOpenChange, eventTitle }: RegistrationDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Register"
      description={`Register for ${eventTitle}.`}
      hideDescription
    >
      <p>Registration opens here.</p>
    </Dialog>
  );
}
