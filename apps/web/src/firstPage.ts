import { FIRST_PAGE_ELEMENT_ID, type FirstPage, type FirstPageData } from "@onstage/domain";
import type { QueryClient } from "@tanstack/react-query";
import { accountKeys } from "./features/account/useMe";
import { channelKeys } from "./features/channels/useChannelPage";
import { eventKeys } from "./features/events/eventKeys";

/** The answers the server embedded, under the keys the pages' queries read: they render without fetching. */
export function seedFirstPage(queryClient: QueryClient, data: FirstPageData): void {
  queryClient.setQueryData(accountKeys.me, data.me);
  if (data.eventPage)
    queryClient.setQueryData(eventKeys.byCode(data.eventPage.eventCode), data.eventPage.data);
  if (data.channelPage) {
    queryClient.setQueryData(channelKeys.page(data.channelPage.channelName), data.channelPage.data);
  }
  if (data.upcoming) queryClient.setQueryData(eventKeys.upcoming, data.upcoming);
}

/** The embedded state, already seeded into the query client; null on pages the server did not render. */
export function readFirstPage(queryClient: QueryClient): FirstPage | null {
  const text = document.getElementById(FIRST_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const firstPage = JSON.parse(text) as FirstPage;
  seedFirstPage(queryClient, firstPage.data);
  return firstPage;
}
