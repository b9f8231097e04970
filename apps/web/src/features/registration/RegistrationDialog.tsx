import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../account/useMe";
import { SignInFlow } from "../auth/SignInFlow";
import { useSignInParams } from "../auth/useSignInParams";

export interface RegistrationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: number;
  eventTitle: string;
}

// TODO(registration views): the ticket-options, patreon, checkout and registering views of spec 1 §2
// replace the signed-in body; they need the registration endpoints first.
export function RegistrationDialog({ open, onOpenChange, eventId, eventTitle }: RegistrationDialogProps) {
  const { user, isPending } = useMe();
  const { request } = useSignInParams();
  // Spec 1 §4: a new social user comes back signed in and confirms the terms before registering.
  const needsTerms = user !== null && user.tosAccepted === null && request === "terms";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Register"
      description={`Register for ${eventTitle}.`}
      hideDescription
    >
      {isPending && <Spinner />}
      {!isPending && (!user || needsTerms) && (
        <SignInFlow eventId={eventId} initialView={needsTerms ? "terms" : "email"} />
      )}
      {user && !needsTerms && <p>Registration opens here.</p>}
    </Dialog>
  );
}
