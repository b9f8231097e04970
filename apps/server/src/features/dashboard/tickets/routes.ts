import {
  CreateTicketRequest,
  DashEventIdParams,
  DashTicketResponse,
  TicketIdParams,
  UpdateTicketRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { DashTicketsService } from "./service";

const tags = ["dashboard"];

export function dashTicketRoutes(tickets: DashTicketsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/dash/events/:eventId/tickets",
      {
        schema: {
          tags,
          params: DashEventIdParams,
          body: CreateTicketRequest,
          response: { 201: DashTicketResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await tickets.create(requireViewer(req), req.params.eventId, req.body)),
    );

    app.patch(
      "/api/dash/tickets/:ticketId",
      {
        schema: {
          tags,
          params: TicketIdParams,
          body: UpdateTicketRequest,
          response: { 200: DashTicketResponse },
        },
      },
      async (req) => tickets.update(requireViewer(req), req.params.ticketId, req.body),
    );

    app.delete(
      "/api/dash/tickets/:ticketId",
      { schema: { tags, params: TicketIdParams } },
      async (req, reply) => {
        await tickets.remove(requireViewer(req), req.params.ticketId);
        return reply.code(204).send();
      },
    );
  };
}
