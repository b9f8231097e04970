import { EventCardList, EventCodeParams, EventPageData } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendPreEncoded } from "../../http/pre-encoded";
import type { CookiePolicy } from "../../kernel/identity/user-sessions";
import { grantOpenedEvent } from "../../kernel/unlisted/grants";
import type { Database } from "../../platform/database";
import { eventCalendar } from "./calendar";
import type { EventsService } from "./service";

const JSON_TYPE = "application/json; charset=utf-8";

export function eventRoutes(
  events: EventsService,
  deps: { db: Database; publicUrl: string; policy: CookiePolicy },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/events/upcoming",
      { schema: { tags: ["events"], summary: "Upcoming public events", response: { 200: EventCardList } } },
      async () => ({ events: await events.upcoming() }),
    );

    app.get(
      "/api/events/by-code/:eventCode",
      {
        schema: {
          tags: ["events"],
          summary: "An event page: the event, its sessions, tickets, questions and what the viewer is to it",
          params: EventCodeParams,
          response: { 200: EventPageData },
        },
      },
      async (req, reply) => {
        const { eventCode } = req.params;
        const page = await events.encodedPage(eventCode, req.viewerUserId);
        // Whoever has the code may act on the unlisted event by its id from now on (kernel/unlisted).
        if (page.isPrivate) await grantOpenedEvent(deps.db, req, reply, deps.policy, page.eventId);
        // JSON the response schema already encoded, compressed once per cached page.
        return sendPreEncoded(req, reply, { owner: page, text: page.json }, JSON_TYPE);
      },
    );

    app.get(
      "/api/events/by-code/:eventCode/calendar.ics",
      {
        schema: {
          tags: ["events"],
          summary: "The event's upcoming sessions as an iCalendar file (add to calendar)",
          params: EventCodeParams,
          produces: ["text/calendar"],
        },
      },
      async (req, reply) => {
        const page = await events.page(req.params.eventCode, req.viewerUserId);
        return reply
          .type("text/calendar; charset=utf-8")
          .header("content-disposition", 'attachment; filename="event.ics"')
          .send(eventCalendar(page, deps.publicUrl, new Date()));
      },
    );
  };
}
