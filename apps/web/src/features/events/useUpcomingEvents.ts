import { EventCardList } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api";
import { eventKeys } from "./eventKeys";

export function useUpcomingEvents() {
  return useQuery({
    queryKey: eventKeys.upcoming,
    queryFn: () => api("/api/events/upcoming", EventCardList),
    select: (data) => data.events,
  });
}
