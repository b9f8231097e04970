import { type EventPageData, registrationGate, signUpButtonLabel } from "@onstage/domain";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../account/useMe";
import { SignInFlow } from "../auth/SignInFlow";
import { useSignInParams } from "../auth/useSignInParams";
import { RegistrationView } from "./RegistrationView";
import { useRegistrationFlow } from "./useRegistrationFlow";
import "./registration.css";

export interface RegistrationDialogProps {
  onOpenChange: (open: boolean) => void;
  data: EventPageData;
}

/** What a new account meets first after signing up (spec 1 §4), for the sign-up button's words. */
function firstGateOfNewUser({ event }: EventPageData) {
  return registrationGate({
    access: event.access,
    passwordProtected: event.passwordProtected,
    passwordAccepted: false,
    isValidMember: false,
  });
}

/**
 * Spec 1 §2 "Registration dialog views" and §4 "Registration dialog flow". Rendered only while open, so
 * each opening starts the flow afresh.
 */
export function RegistrationDialog({ onOpenChange, data }: RegistrationDialogProps) {
  const { user, isPending } = useMe();
  const { request } = useSignInParams();
  // Spec 1 §4: a new social user comes back signed in and confirms the terms before registering.
  const needsTerms = user !== null && user.tosAccepted === null && request === "terms";
  const isSignedIn = user !== null && !needsTerms;
  const flow = useRegistrationFlow({
    data,
    userId: user?.id ?? null,
    // After a sign-in the event page is fetched again; until then it speaks about an anonymous visitor.
    isReady: isSignedIn && data.viewer.userId === user.id,
    close: () => onOpenChange(false),
  });
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={isSignedIn && flow.view === "registering" ? "Registering" : "Register"}
      description={`Register for ${data.event.title}.`}
      hideDescription
    >
      {isPending && <Spinner />}
      {!isPending && !isSignedIn && (
        <SignInFlow
          eventId={data.event.id}
          signUpLabel={signUpButtonLabel(firstGateOfNewUser(data))}
          initialView={needsTerms ? "terms" : "email"}
          fields={data.customRegistrationFields}
          onSignedIn={flow.acceptSignUp}
        />
      )}
      {isSignedIn && <RegistrationView flow={flow} data={data} />}
    </Dialog>
  );
}
