import { type ChannelPage, type ClipPage, type EventPageData, errorMessage } from "@onstage/domain";
import { escapeHtml } from "../../http/html";
import type { ShellContent } from "./html";

export interface Preview {
  status: number;
  content: ShellContent;
}

const notFound = (title: string, text: string): Preview => ({
  status: 404,
  content: {
    title,
    description: text,
    noindex: true,
    body: `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Explore</a></p></main>`,
  },
});

const absolute = (publicUrl: string, href: string) => new URL(href, `${publicUrl}/`).toString();

/**
 * The head of /c/{event_code} (and its body without JavaScript): what a shared link unfurls to. `page` is
 * what the visitor may see of the event (events.page), null when the code is unknown, deleted or archived.
 */
export function eventPreview(page: EventPageData | null, publicUrl: string): Preview {
  if (!page) return notFound("Event not found", errorMessage("event_not_found"));
  const e = page.event;
  const by = `By ${e.organization.name}`;
  return {
    status: 200,
    content: {
      title: e.title,
      description: e.description || `${e.title}, a live event on Onstage. ${by}.`,
      url: absolute(publicUrl, `/c/${encodeURIComponent(e.eventCode)}`),
      image: e.coverPhoto ? absolute(publicUrl, e.coverPhoto) : null,
      noindex: page.noindex,
      body: `<main><h1>${escapeHtml(e.title)}</h1><p>${escapeHtml(by)}</p><p>${escapeHtml(e.description)}</p></main>`,
    },
  };
}

/** The head of /@{channel_name}; `page` is null when no channel has that name. */
export function channelPreview(page: ChannelPage | null, publicUrl: string): Preview {
  if (!page) return notFound("Channel not found", errorMessage("channel_not_found"));
  const { channel } = page;
  const title = `${channel.name} (@${channel.channelName})`;
  return {
    status: 200,
    content: {
      title,
      description: `Live events by ${channel.name} on Onstage.`,
      url: absolute(publicUrl, `/@${channel.channelName}`),
      image: channel.profileImage ? absolute(publicUrl, channel.profileImage) : null,
      noindex: false,
      body: `<main><h1>${escapeHtml(title)}</h1></main>`,
    },
  };
}

/**
 * The head of /clips/{slug} and of its embed (issue 26 §3): the clip's title, its event and channel, its
 * thumbnail and MP4, so a shared clip unfurls as a playable video.
 */
export function clipPreview(
  page: ClipPage | null,
  publicUrl: string,
  path: "clips" | "embed/clips",
): Preview {
  const videoUrl = page?.clip.videoUrl;
  if (!page || !videoUrl) return notFound("Clip not found", errorMessage("clip_not_found"));
  const { clip, event } = page;
  const from = `A moment from ${event.title}, by ${event.organization.name}.`;
  return {
    status: 200,
    content: {
      title: clip.title,
      description: from,
      url: absolute(publicUrl, `/${path}/${clip.slug}`),
      image: clip.thumbnailUrl ? absolute(publicUrl, clip.thumbnailUrl) : null,
      video: {
        mp4: absolute(publicUrl, videoUrl),
        player: absolute(publicUrl, `/embed/clips/${clip.slug}`),
      },
      noindex: false,
      body: `<main><h1>${escapeHtml(clip.title)}</h1><p>${escapeHtml(from)}</p><video controls playsinline preload="metadata" src="${escapeHtml(videoUrl)}"${clip.thumbnailUrl ? ` poster="${escapeHtml(clip.thumbnailUrl)}"` : ""}></video></main>`,
    },
  };
}

/** The home page: the site's own head (index.html's title and description). */
export const homePreview = (): Preview => ({
  status: 200,
  content: {
    title: "Onstage",
    description: "Onstage: live events and webinars from your own channel.",
    noindex: false,
    body: "",
  },
});
