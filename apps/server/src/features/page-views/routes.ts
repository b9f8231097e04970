import { DashEventIdParams, PageViewRequest } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { PageViewsService } from "./service";

export function pageViewsRoutes(pageViews: PageViewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/events/:eventId/page-views",
      {
        schema: {
          tags: ["analytics"],
          summary:
            "The event page was shown ('view-event-page-next-page'), with its link's utm fields and clip",
          params: DashEventIdParams,
          body: PageViewRequest,
        },
      },
      async (req, reply) => {
        await pageViews.record(req.params.eventId, { userId: req.viewerUserId, address: req.ip }, req.body);
        return reply.code(204).send();
      },
    );
  };
}
