import type { StudioResponse } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTopic } from "../realtime/useTopic";
import { fetchStudio, studioKeys } from "./studioApi";

/**
 * The session's studio (brand, title overlays, the overlay on air), loaded once and kept by the
 * session topic's `studio.changed`, which carries it whole. Null until loaded (or for `null`).
 */
export function useStudio(sessionId: number | null): StudioResponse | null {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: studioKeys.studio(sessionId ?? 0),
    queryFn: () => fetchStudio(sessionId ?? 0),
    enabled: sessionId !== null,
  });
  useTopic(sessionId !== null && query.data ? { kind: "session", id: sessionId } : null, {
    onMessage: (message) => {
      if (message.kind !== "broadcast" || message.event !== "studio.changed") return;
      queryClient.setQueryData(studioKeys.studio(message.payload.sessionId), message.payload);
    },
    refetch: () => query.refetch(),
  });
  return query.data ?? null;
}
