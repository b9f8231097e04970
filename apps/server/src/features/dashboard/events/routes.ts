import {
  ChannelIdParams,
  CreateEventRequest,
  DashEventIdParams,
  DashEventListResponse,
  DashEventResponse,
  UpdateEventRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import { readImagePart, registerImageUploads } from "../../../platform/images/uploads";
import type { DashEventsService } from "./service";

const tags = ["dashboard"];
const event = { tags, params: DashEventIdParams, response: { 200: DashEventResponse } };

export function dashEventRoutes(events: DashEventsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/channels/:channelId/events",
      {
        schema: {
          tags,
          summary: "Every event of the channel, private and archived ones included",
          params: ChannelIdParams,
          response: { 200: DashEventListResponse },
        },
      },
      async (req) => events.list(requireViewer(req), req.params.channelId),
    );

    app.post(
      "/api/channels/:channelId/events",
      {
        schema: {
          tags,
          summary: "Create an event with its first session",
          params: ChannelIdParams,
          body: CreateEventRequest,
          response: { 201: DashEventResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await events.create(requireViewer(req), req.params.channelId, req.body)),
    );

    app.get("/api/dash/events/:eventId", { schema: event }, async (req) =>
      events.get(requireViewer(req), req.params.eventId),
    );

    app.patch("/api/dash/events/:eventId", { schema: { ...event, body: UpdateEventRequest } }, async (req) =>
      events.update(requireViewer(req), req.params.eventId, req.body),
    );

    app.post("/api/dash/events/:eventId/archive", { schema: event }, async (req) =>
      events.setArchived(requireViewer(req), req.params.eventId, true),
    );

    app.post("/api/dash/events/:eventId/unarchive", { schema: event }, async (req) =>
      events.setArchived(requireViewer(req), req.params.eventId, false),
    );

    app.delete(
      "/api/dash/events/:eventId",
      { schema: { tags, params: DashEventIdParams } },
      async (req, reply) => {
        await events.remove(requireViewer(req), req.params.eventId);
        return reply.code(204).send();
      },
    );

    await app.register(async (scope) => {
      await registerImageUploads(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        "/api/dash/events/:eventId/cover",
        {
          schema: {
            ...event,
            summary:
              "Upload the cover photo (multipart field `image`, PNG or JPEG; stored as a 1600×900 JPEG)",
            consumes: ["multipart/form-data"],
          },
        },
        async (req) => events.setCover(requireViewer(req), req.params.eventId, () => readImagePart(req)),
      );
    });
  };
}
