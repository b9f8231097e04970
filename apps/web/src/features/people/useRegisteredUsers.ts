import {
  REGISTERED_USERS_REFETCH_THROTTLE_MS,
  type RegisteredUserFilter,
  type RegisteredUserRow,
  type RegisteredUsersResponse,
} from "@onstage/domain";
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { fetchRegisteredUsers, peopleKeys } from "./peopleApi";

/** Registered: the spec's sort and filters on the server, 'Show More' pages by offset (spec 1 §9). */
export function useRegisteredUsers(input: {
  eventId: number;
  sessionId: number;
  filter: RegisteredUserFilter;
  search: string;
}) {
  const { eventId, sessionId, filter, search } = input;
  return useInfiniteQuery({
    queryKey: peopleKeys.registered(eventId, sessionId, filter, search),
    queryFn: ({ pageParam }) =>
      fetchRegisteredUsers({ eventId, sessionId, filter, search, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((shown, page) => shown + page.users.length, 0) : undefined,
    // Spec 1 §9: the registered list is refetched at most once a minute unless forced.
    staleTime: REGISTERED_USERS_REFETCH_THROTTLE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Spec 1 §4 role change: every registered list shows the change at once, before the server answers. */
export function showRegisteredChange(
  queryClient: QueryClient,
  userId: number,
  change: Partial<RegisteredUserRow>,
): void {
  queryClient.setQueriesData<InfiniteData<RegisteredUsersResponse>>(
    { queryKey: peopleKeys.registeredAll },
    (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({
          ...page,
          users: page.users.map((user) => (user.userId === userId ? { ...user, ...change } : user)),
        })),
      },
  );
}
