import { Dialog } from "../../ui/Dialog";
import { useMe } from "../account/useMe";
import { SignInFlow } from "./SignInFlow";
import { useSignInParams } from "./useSignInParams";

/**
 * The standalone sign-in dialog, on any page whose address asks for it (?sign_in=…, or a failed social
 * sign-in's ?sign_in_error=…). Closing it takes the sign-in parameters out of the address.
 */
export function SignInDialogHost() {
  const { request, close } = useSignInParams();
  const { user, isPending } = useMe();
  if (request === null || isPending) return null;
  // Spec 1 §4: a new social user is signed in but must still accept the terms.
  const needsTerms = request === "terms" && user !== null && user.tosAccepted === null;
  if (user && !needsTerms) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={needsTerms ? "Sign up" : "Sign in"}
      description="Sign in or create an account with your email address."
      hideDescription
    >
      <SignInFlow initialView={needsTerms ? "terms" : "email"} onSignedIn={() => close()} />
    </Dialog>
  );
}
