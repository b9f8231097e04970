import { errorMessage } from "@onstage/domain";
import type { ChannelsService } from "../channels/service";
import type { EventsService } from "../events/service";
import { isNoindex } from "../events/service";
import { escapeHtml, type ShellContent } from "./html";

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

/** The server-rendered preview of /c/{event_code}: what a shared link unfurls to without JavaScript. */
export async function eventPreview(
  events: EventsService,
  eventCode: string,
  publicUrl: string,
): Promise<Preview> {
  const record = await events.findByCode(eventCode);
  if (!record || record.details.deletedAt || record.details.archivedAt) {
    return notFound("Event not found", errorMessage("event_not_found"));
  }
  const e = record.details;
  const by = `By ${e.organization.name}`;
  return {
    status: 200,
    content: {
      title: e.title,
      description: e.description || `${e.title}, a live event on Onstage. ${by}.`,
      url: absolute(publicUrl, `/c/${encodeURIComponent(e.eventCode)}`),
      image: e.coverPhoto ? absolute(publicUrl, e.coverPhoto) : null,
      noindex: isNoindex(record),
      body: `<main><h1>${escapeHtml(e.title)}</h1><p>${escapeHtml(by)}</p><p>${escapeHtml(e.description)}</p></main>`,
    },
  };
}

export async function channelPreview(
  channels: ChannelsService,
  channelName: string,
  publicUrl: string,
): Promise<Preview> {
  const channel = await channels.findByName(channelName);
  if (!channel) return notFound("Channel not found", errorMessage("channel_not_found"));
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
