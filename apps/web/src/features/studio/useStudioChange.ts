import { publicStudio, type StudioResponse, StudioResponse as StudioSchema } from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import { studioKeys } from "./studioApi";

const FAILURE_TOAST_MS = 5_000;

/**
 * A studio change: its answer (the whole studio, when it is one) goes into the team's cache and, as the
 * audience sees it, the scene's, at once; then the session topic's studio.changed keeps every tab in
 * step. A refusal is a toast with the server's words.
 */
export function useStudioChange<Input>(sessionId: number, send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      const studio = StudioSchema.safeParse(answer);
      if (studio.success) {
        queryClient.setQueryData<StudioResponse>(studioKeys.team(sessionId), studio.data);
        queryClient.setQueryData<StudioResponse>(studioKeys.studio(sessionId), publicStudio(studio.data));
      } else void queryClient.invalidateQueries({ queryKey: studioKeys.team(sessionId), exact: true });
    },
    onError: (error) => toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS }),
  });
}
