import type { EventCardList } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../api";
import { FIRST_PAGE_FRESH_MS } from "../../lib/firstRender";
import { eventKeys } from "./eventKeys";

export function useUpcomingEvents() {
  return useQuery({
    queryKey: eventKeys.upcoming,
    queryFn: () => apiJson<EventCardList>("/api/events/upcoming"),
    select: (data) => data.events,
    // A page the server rendered (firstPage.ts) starts from fresh data: no refetch as it hydrates.
    staleTime: FIRST_PAGE_FRESH_MS,
  });
}
