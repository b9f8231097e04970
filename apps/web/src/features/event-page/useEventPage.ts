import type { EventPageData } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../api";
import { FIRST_PAGE_FRESH_MS } from "../../lib/firstRender";
import { eventKeys } from "../events/eventKeys";

export function useEventPage(eventCode: string) {
  return useQuery({
    queryKey: eventKeys.byCode(eventCode),
    queryFn: () => apiJson<EventPageData>(`/api/events/by-code/${encodeURIComponent(eventCode)}`),
    enabled: eventCode !== "",
    // A page the server rendered (firstPage.ts) starts from fresh data: no refetch as it hydrates.
    staleTime: FIRST_PAGE_FRESH_MS,
  });
}
