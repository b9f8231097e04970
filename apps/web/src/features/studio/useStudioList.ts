import { SLIDE_ACTION_BUTTON_DISABLE_MS } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { failureText, isApiError } from "../../api";
import { toast } from "../../ui/toast";
import { useTopic } from "../realtime/useTopic";

// The studio's lists of uploads (slides, videos): read again on every studio change and, while one is
// still being converted or prepared, each second; their changes, with the studio's refusal toasts.

const FAILURE_TOAST_MS = 5_000;
/** While an upload is converted or prepared, its progress is read this often. */
const PROGRESS_POLL_MS = 1_000;

export function useStudioList<T>(
  sessionId: number,
  key: readonly unknown[],
  fetch: () => Promise<T[]>,
  isBusy: (item: T) => boolean,
): T[] | null {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: fetch,
    refetchInterval: (q) => (q.state.data?.some(isBusy) ? PROGRESS_POLL_MS : false),
  });
  useTopic(query.data ? { kind: "session", id: sessionId } : null, {
    onMessage: (message) => {
      if (message.kind === "broadcast" && message.event === "studio.changed")
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
    refetch: () => query.refetch(),
  });
  return query.data ?? null;
}

/**
 * A change to one of these lists: the list is read again after it. Spec 3 §8: 'FilePresentation already in progress' is
 * an error toast at the top right that stays until closed; other refusals are the studio's usual toast.
 */
export function useStudioListChange<Input>(
  key: readonly unknown[],
  send: (input: Input) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
    onError: (error) => {
      if (isApiError(error) && error.code === "slide_in_progress")
        toast.error(failureText(error), {
          id: "slide-in-progress",
          durationMs: Number.POSITIVE_INFINITY,
          position: "top-right",
          description: "Another host is presenting slides. They can hide them first.",
        });
      else toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS });
    },
  });
}

/** Spec 3 §4: Show and Hide stay disabled for 2.5 s after an action (slides; videos alike). */
export function useActionCooldown(): [boolean, () => void] {
  const [coolingSince, setCoolingSince] = useState<number | null>(null);
  useEffect(() => {
    if (coolingSince === null) return;
    const timer = setTimeout(() => setCoolingSince(null), SLIDE_ACTION_BUTTON_DISABLE_MS);
    return () => clearTimeout(timer);
  }, [coolingSince]);
  return [coolingSince !== null, () => setCoolingSince(Date.now())];
}
