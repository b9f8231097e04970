import type { MeResponse } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { accountKeys } from "./useMe";

/** After a profile change (names, photo, terms, password): show the answer now, then confirm it. */
export function useProfileChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (me?: MeResponse) => {
      if (me) queryClient.setQueryData(accountKeys.me, me);
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
    },
    [queryClient],
  );
}
