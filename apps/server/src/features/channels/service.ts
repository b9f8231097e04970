import { type ChannelPage, NotFound } from "@onstage/domain";
import type { Database } from "../../platform/database";
import type { EventsService } from "../events/service";
import { findChannelByName } from "./queries";

export function channelsService(db: Database, events: EventsService) {
  return {
    async page(channelName: string): Promise<ChannelPage> {
      const channel = await findChannelByName(db, channelName);
      if (!channel) throw NotFound("channel_not_found");
      return { channel, events: await events.ofChannel(channel.id) };
    },
  };
}

export type ChannelsService = ReturnType<typeof channelsService>;
