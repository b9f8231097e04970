import type { RoomResponse, SessionControlResponse } from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { failureText, isApiError } from "../../api";
import { toast } from "../../ui/toast";
import { eventKeys } from "../events/eventKeys";
import { roomKeys } from "../room-kit/useRoom";

const FAILURE_TOAST_MS = 5_000;

/**
 * One host action: its answer is applied to the room at once (the session topic brings the same to
 * everyone else); 'no_minutes_left' opens the spec's modal, other refusals show a toast.
 */
export function useSessionControl<Input>(
  sessionId: number,
  action: (input: Input) => Promise<SessionControlResponse>,
  failureTitle?: string,
) {
  const queryClient = useQueryClient();
  const [isOutOfMinutes, setOutOfMinutes] = useState(false);
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: ({ session, stream }) => {
      const before = queryClient.getQueryData<RoomResponse>(roomKeys.room(sessionId));
      queryClient.setQueryData<RoomResponse>(
        roomKeys.room(sessionId),
        (old) => old && { ...old, session, stream },
      );
      // Spec 1 §4: the event page decides room or landing by the state, and the topic's echo of this
      // move will not differ from the room any more, so the page is told here.
      if (before?.session.state !== session.state) {
        void queryClient.invalidateQueries({ queryKey: eventKeys.everyByCode });
      }
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "no_minutes_left") return setOutOfMinutes(true);
      toast.error(failureTitle ?? failureText(error), {
        durationMs: FAILURE_TOAST_MS,
        description: failureTitle ? failureText(error) : undefined,
      });
    },
  });
  return { ...mutation, isOutOfMinutes, closeOutOfMinutes: () => setOutOfMinutes(false) };
}
