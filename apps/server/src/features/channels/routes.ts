import { ChannelNameParams, ChannelPage } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ChannelsService } from "./service";

export function channelRoutes(channels: ChannelsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/channels/:channelName",
      {
        schema: {
          tags: ["channels"],
          summary: "A channel and its public events",
          params: ChannelNameParams,
          response: { 200: ChannelPage },
        },
      },
      async (req) => channels.page(req.params.channelName),
    );
  };
}
