import { OFFER_CLICKS_REFRESH_MS, type StudioResponse } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTopic } from "../realtime/useTopic";
import { fetchStudio, studioKeys } from "./studioApi";

/**
 * The session's studio as its audience sees it (the brand, the title and the CTA on air), loaded once
 * and kept by the session topic's `studio.changed`, which carries that view whole. What the program
 * scene and the CTA over the player read. Null until loaded (or for `null`).
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

/**
 * The studio as its team works it: every element, shown or not, and how many people clicked each CTA.
 * Read again whenever the session's topic says the studio changed, and while a CTA is on air every
 * OFFER_CLICKS_REFRESH_MS for its clicks (which the audience's topic does not carry).
 */
export function useTeamStudio(sessionId: number): StudioResponse | null {
  const queryClient = useQueryClient();
  const key = studioKeys.team(sessionId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchStudio(sessionId),
    refetchInterval: (q) => (q.state.data?.offer.shown ? OFFER_CLICKS_REFRESH_MS : false),
  });
  useTopic(query.data ? { kind: "session", id: sessionId } : null, {
    onMessage: (message) => {
      if (message.kind !== "broadcast" || message.event !== "studio.changed") return;
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
    refetch: () => query.refetch(),
  });
  return query.data ?? null;
}
