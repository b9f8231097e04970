import { useInfiniteQuery } from "@tanstack/react-query";
import { dashKeys } from "../dashKeys";
import { fetchRegistrations } from "../editor/editorApi";

/** Newest first, a page at a time ('Load more'); total and per-day counts come with every page. */
export function useRegistrations(eventId: number) {
  return useInfiniteQuery({
    queryKey: dashKeys.registrations(eventId),
    queryFn: ({ pageParam }) => fetchRegistrations(eventId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
