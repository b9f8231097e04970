import { useLocation, useNavigate, useSearchParams } from "react-router";
import { signInPath, signInRequest, socialErrorText, withoutSignInParams } from "./signInParams";

/** The sign-in dialog's state in the address bar, and the two ways to change it. */
export function useSignInParams() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  return {
    request: signInRequest(params),
    socialError: socialErrorText(params),
    open: () => navigate(signInPath(location)),
    close: (alsoRemove: readonly string[] = []) => {
      const kept = withoutSignInParams(location.search);
      for (const name of alsoRemove) kept.delete(name);
      navigate({ pathname: location.pathname, search: kept.toString() }, { replace: true });
    },
  };
}
