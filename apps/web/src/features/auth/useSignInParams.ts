import { useLocation, useSearchParams } from "wouter";
import { usePageLocation } from "../../routing/usePageLocation";
import { signInPath, signInRequest, socialErrorText, withoutSignInParams } from "./signInParams";

/** The sign-in dialog's state in the address bar, and the two ways to change it. */
export function useSignInParams() {
  const [params, setParams] = useSearchParams();
  const location = usePageLocation();
  const [, navigate] = useLocation();
  return {
    request: signInRequest(params),
    socialError: socialErrorText(params),
    open: () => navigate(signInPath(location)),
    close: (alsoRemove: readonly string[] = []) => {
      const kept = withoutSignInParams(location.search);
      for (const name of alsoRemove) kept.delete(name);
      setParams(kept, { replace: true });
    },
  };
}
