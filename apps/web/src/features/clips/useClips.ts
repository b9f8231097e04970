import type { ClipsResponse } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTopic } from "../realtime/useTopic";
import { toastClipReady } from "./clipReadyToast";
import { clipKeys, fetchClips } from "./clipsApi";
import { applyClipChange, isClipChange, isOwnClipReady } from "./clipsCache";

/**
 * The session's clips (spec 3 §2): read once, then kept by the session topic's `clips` changes, applied
 * to the cached list (a cut's progress comes often: no refetch per message). The viewer's own clip
 * turning ready brings spec 3 §8's toast.
 */
export function useClips(sessionId: number, viewerUserId: number | null, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const key = clipKeys.list(sessionId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchClips(sessionId), enabled: isEnabled });
  useTopic(query.data ? { kind: "session", id: sessionId } : null, {
    refetch: () => query.refetch(),
    onMessage: (message) => {
      if (!isClipChange(message)) return;
      const before = queryClient.getQueryData<ClipsResponse>(key);
      if (message.event === "UPDATE") {
        const previous = before?.clips.find((c) => c.id === message.payload.id);
        if (isOwnClipReady(previous, message.payload, viewerUserId)) toastClipReady(message.payload);
      }
      queryClient.setQueryData<ClipsResponse>(key, (old) => old && applyClipChange(old, message));
    },
  });
  return query;
}
