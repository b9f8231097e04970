import { type EventPageData, membershipRefusalMessage } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { failureText } from "../../api";
import { isValidPatron } from "./registrationApi";

/**
 * Spec 1 §4, §7: a membership-gated event asks is-valid-patron when the dialog opens, and again when
 * the visitor presses 'Check my membership'. The refusal's words (spec 1 §8) show only after that press:
 * on opening, the patreon view explains the tier instead.
 */
export function usePatronStatus(data: EventPageData, userId: number | null, isReady: boolean) {
  const isGated = data.event.access === "patreon";
  const [hasChecked, setChecked] = useState(false);
  const query = useQuery({
    queryKey: ["registration", "patron", data.event.id, userId],
    queryFn: () => isValidPatron({ event_id: data.event.id, user_id: userId ?? 0 }),
    enabled: isGated && isReady && userId !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const answer = query.data;
  const refusal = (() => {
    if (query.isFetching) return null;
    if (query.error) return failureText(query.error);
    if (!hasChecked || !answer || answer.isValid) return null;
    return membershipRefusalMessage(answer.code ?? "INSUFFICIENT_TIER", answer.reason);
  })();
  return {
    isGated,
    isValid: answer?.isValid === true,
    /** The first answer has not come yet: the dialog waits before choosing a view. */
    isLoading: isGated && query.isPending && query.fetchStatus !== "idle",
    isChecking: query.isFetching,
    refusal,
    subscribeUrl: answer?.subscribeUrl ?? null,
    check: () => {
      setChecked(true);
      void query.refetch();
    },
  };
}
