import {
  ChannelIdParams,
  CreateChannelRequest,
  DashChannelResponse,
  DashResponse,
  UpdateChannelRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import { readImagePart, registerImageUploads } from "../../../platform/images/uploads";
import type { DashChannelsService } from "./service";

const tags = ["dashboard"];

export function dashChannelRoutes(channels: DashChannelsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/dash",
      { schema: { tags, summary: "The signed-in user's channels", response: { 200: DashResponse } } },
      async (req) => ({ channels: await channels.list(requireViewer(req)) }),
    );

    app.post(
      "/api/channels",
      {
        schema: {
          tags,
          summary: "Create a channel (the caller becomes its owner)",
          body: CreateChannelRequest,
          response: { 201: DashChannelResponse },
        },
      },
      async (req, reply) => {
        const created = await channels.create(requireViewer(req), req.body);
        return reply.code(201).send(created);
      },
    );

    app.patch(
      "/api/channels/:channelId",
      {
        schema: {
          tags,
          params: ChannelIdParams,
          body: UpdateChannelRequest,
          response: { 200: DashChannelResponse },
        },
      },
      async (req) => channels.update(requireViewer(req), req.params.channelId, req.body),
    );

    await app.register(async (scope) => {
      await registerImageUploads(scope);
      const uploads = scope.withTypeProvider<ZodTypeProvider>();
      uploads.post(
        "/api/channels/:channelId/avatar",
        {
          schema: {
            tags,
            summary: "Upload the channel avatar (multipart field `image`, PNG or JPEG)",
            consumes: ["multipart/form-data"],
            params: ChannelIdParams,
            response: { 200: DashChannelResponse },
          },
        },
        async (req) => channels.setAvatar(requireViewer(req), req.params.channelId, () => readImagePart(req)),
      );
    });
  };
}
