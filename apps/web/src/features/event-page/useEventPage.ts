import { EventPageData } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api";
import { eventKeys } from "../events/eventKeys";

export function useEventPage(eventCode: string) {
  return useQuery({
    queryKey: eventKeys.byCode(eventCode),
    queryFn: () => api(`/api/events/by-code/${encodeURIComponent(eventCode)}`, EventPageData),
    enabled: eventCode !== "",
  });
}
