import { DashEventIdParams, RegistrationsQuery, RegistrationsResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import { sendCsv } from "../csv-reply";
import type { DashRegistrationsService } from "./service";

const tags = ["dashboard"];

export function dashRegistrationRoutes(registrations: DashRegistrationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/dash/events/:eventId/registrations",
      {
        schema: {
          tags,
          summary: "Registrations with answers, newest first, and the count per day",
          params: DashEventIdParams,
          querystring: RegistrationsQuery,
          response: { 200: RegistrationsResponse },
        },
      },
      async (req) => registrations.page(requireViewer(req), req.params.eventId, req.query),
    );

    app.get(
      "/api/dash/events/:eventId/registrations.csv",
      { schema: { tags, summary: "Every registration as a CSV file", params: DashEventIdParams } },
      async (req, reply) => {
        return sendCsv(reply, await registrations.csv(requireViewer(req), req.params.eventId));
      },
    );
  };
}
