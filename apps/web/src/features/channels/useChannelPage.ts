import { ChannelPage } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api";

export const channelKeys = {
  page: (channelName: string) => ["channels", channelName] as const,
};

export function useChannelPage(channelName: string) {
  return useQuery({
    queryKey: channelKeys.page(channelName),
    queryFn: () => api(`/api/channels/${encodeURIComponent(channelName)}`, ChannelPage),
  });
}
