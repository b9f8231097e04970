import { BrowserOnly } from "../../lib/BrowserOnly";
import { lazyComponent } from "../../lib/lazyComponent";
import { LoadingOverlay } from "../../ui/LoadingOverlay";
import { useMe } from "../account/useMe";
import { useSignInParams } from "./useSignInParams";

/** Issue 14: the sign-in flow (forms, password strength) loads when asked for; call early to prefetch. */
export const loadSignInDialog = () => import("./SignInDialog").then((m) => m.SignInDialog);
const SignInDialog = lazyComponent(loadSignInDialog);

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
    <BrowserOnly loading={<LoadingOverlay />}>
      <SignInDialog needsTerms={needsTerms} close={close} />
    </BrowserOnly>
  );
}
