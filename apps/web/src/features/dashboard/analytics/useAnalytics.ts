import { useQuery } from "@tanstack/react-query";
import { dashKeys } from "../dashKeys";
import { fetchEventAnalytics, fetchSessionAnalytics } from "./analyticsApi";

/** While a session is live its figures move: they are read again this often (issue 28 §2). */
export const LIVE_REFETCH_MS = 30_000;

export function useEventAnalytics(eventId: number) {
  return useQuery({ queryKey: dashKeys.analytics(eventId), queryFn: () => fetchEventAnalytics(eventId) });
}

export function useSessionAnalytics(sessionId: number) {
  return useQuery({
    queryKey: dashKeys.sessionAnalytics(sessionId),
    queryFn: () => fetchSessionAnalytics(sessionId),
    refetchInterval: (query) => (query.state.data?.state === "broadcasting" ? LIVE_REFETCH_MS : false),
  });
}
