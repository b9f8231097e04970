import type { MeResponse } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { forgetCsrfToken } from "../../api";
import { accountKeys } from "../account/useMe";

/**
 * After a sign-in or sign-out: the session (and its CSRF token) changed, and so did everything the server
 * answers per viewer (event pages show the viewer's role), so every query is refetched.
 */
export function useAuthChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (me?: MeResponse) => {
      forgetCsrfToken();
      if (me) queryClient.setQueryData(accountKeys.me, me);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
}
