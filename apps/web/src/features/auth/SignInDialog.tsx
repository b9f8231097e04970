import { Dialog } from "../../ui/Dialog";
import { SignInFlow } from "./SignInFlow";

/** The sign-in flow in a dialog; `needsTerms` opens it on the terms step of a new social user. */
export function SignInDialog({ needsTerms, close }: { needsTerms: boolean; close: () => void }) {
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
