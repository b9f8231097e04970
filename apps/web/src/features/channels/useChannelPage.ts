import type { ChannelPage } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../api";
import { FIRST_PAGE_FRESH_MS } from "../../lib/firstRender";

export const channelKeys = {
  page: (channelName: string) => ["channels", channelName] as const,
};

export function useChannelPage(channelName: string) {
  return useQuery({
    queryKey: channelKeys.page(channelName),
    queryFn: () => apiJson<ChannelPage>(`/api/channels/${encodeURIComponent(channelName)}`),
    // A page the server rendered (firstPage.ts) starts from fresh data: no refetch as it hydrates.
    staleTime: FIRST_PAGE_FRESH_MS,
  });
}
