import { STAGE_TOAST_MS } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import { captionSource, rotateCaptionSource } from "./captionsApi";

const sourceKey = (sessionId: number) => ["captions", "source", sessionId] as const;

/** The session's caption URL for the captioner, and a new one when the old one leaked. */
export function useCaptionSource(sessionId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const source = useQuery({
    queryKey: sourceKey(sessionId),
    queryFn: () => captionSource(sessionId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rotate = useMutation({
    mutationFn: () => rotateCaptionSource(sessionId),
    onSuccess: (fresh) => queryClient.setQueryData(sourceKey(sessionId), fresh),
    onError: (error) => toast.error(failureText(error), { durationMs: STAGE_TOAST_MS }),
  });
  return {
    captionUrl: source.data?.captionUrl ?? null,
    error: source.error ? failureText(source.error) : null,
    rotate: () => rotate.mutate(),
    isRotating: rotate.isPending,
  };
}
