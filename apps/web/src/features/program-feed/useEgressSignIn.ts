import { RECORDER_SIGN_IN_PATH, type RecorderSignInRequest } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiNoContent, jsonBody } from "../../api";

/**
 * LiveKit Egress's template signs in as the session's recorder with the token Egress gave it (issue 13
 * §5), before the page reads anything: true once that is settled. Refused (not live, or a reload that
 * already holds the credential), the page goes on as it is.
 */
export function useEgressSignIn(token: string | null): boolean {
  const queryClient = useQueryClient();
  const [isSettled, setSettled] = useState(token === null);
  useEffect(() => {
    if (token === null) return;
    let isCurrent = true;
    apiNoContent(RECORDER_SIGN_IN_PATH, jsonBody({ token } satisfies RecorderSignInRequest))
      .catch((error: unknown) => console.error("egress template: recorder sign-in refused", error))
      .finally(() => {
        if (!isCurrent) return;
        // Whatever was read before (who is signed in) was read as a visitor.
        void queryClient.invalidateQueries();
        setSettled(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [token, queryClient]);
  return isSettled;
}
