import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  fetchChannelBans,
  fetchModerationAudit,
  moderationKeys,
  unbanInChannel,
} from "./channelModerationApi";

/** Pages follow by offset: the rows read so far, while the last page says more follow. */
function nextOffset<P extends { hasMore: boolean }>(pages: P[], rows: (page: P) => readonly unknown[]) {
  const last = pages[pages.length - 1];
  return last?.hasMore ? pages.reduce((sum, page) => sum + rows(page).length, 0) : undefined;
}

export function useChannelBans(organizationId: number, search: string) {
  return useInfiniteQuery({
    queryKey: moderationKeys.bans(organizationId, search),
    queryFn: ({ pageParam }) => fetchChannelBans({ organizationId, search, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages, (page) => page.bans),
  });
}

export function useModerationAudit(organizationId: number) {
  return useInfiniteQuery({
    queryKey: moderationKeys.audit(organizationId),
    queryFn: ({ pageParam }) => fetchModerationAudit(organizationId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages, (page) => page.entries),
  });
}

/** Unban from the settings page; the banned list and the audit log both change. */
export function useUnbanInChannel(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banId: number) => unbanInChannel({ ban_id: banId, organization_id: organizationId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["moderation", "bans", organizationId] }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.audit(organizationId) }),
      ]),
  });
}
