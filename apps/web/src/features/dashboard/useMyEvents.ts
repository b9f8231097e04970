import { useQuery } from "@tanstack/react-query";
import { fetchMyEvents } from "./dashApi";
import { dashKeys } from "./dashKeys";

export function useMyEvents() {
  return useQuery({ queryKey: dashKeys.myEvents, queryFn: fetchMyEvents });
}
