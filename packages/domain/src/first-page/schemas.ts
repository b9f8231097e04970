import type { z } from "zod";
import type { MeResponse } from "../auth/schemas";
import type { ChannelPage, EventCardList, EventPageData } from "../event-page/schemas";

/**
 * What the server loads for a landing page (/c/{code}, /@{channel}, /) and embeds in its first HTML, so the
 * page paints from the first response: the same answers the API gives for the same viewer.
 */
export interface FirstPageData {
  me: z.infer<typeof MeResponse>;
  eventPage?: { eventCode: string; data: z.infer<typeof EventPageData> };
  channelPage?: { channelName: string; data: z.infer<typeof ChannelPage> };
  upcoming?: z.infer<typeof EventCardList>;
}

/** What the first render depends on besides data; the browser's hydration render reuses it verbatim. */
export interface RenderEnvironment {
  /** The server's clock when it rendered (countdowns). */
  now: number;
  /** The viewer's zone when known (its cookie), else null: times show in the event's zone until hydrated. */
  timeZone: string | null;
  /** The public origin (share links). */
  origin: string;
}

export interface FirstPage {
  /** The path and query asked for. */
  url: string;
  data: FirstPageData;
  environment: RenderEnvironment;
}

/** The web app's server entry: the page's markup and the state its hydration starts from; null: no render. */
export type RenderFirstPage = (page: FirstPage) => Promise<{ html: string; state: string } | null>;

/** The browser tells the server its zone here, so later first renders show times as it will (not read by the API). */
export const TIME_ZONE_COOKIE = "onstage_tz";

/** The id of the <script type="application/json"> element the first page's state is embedded in. */
export const FIRST_PAGE_ELEMENT_ID = "onstage-first-page";
