import { DashEventIdParams, DashSessionIdParams, EventAnalytics, SessionAnalytics } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import { sendCsv } from "../csv-reply";
import type { DashAnalyticsService } from "./service";

const tags = ["dashboard"];

const CsvTable = z.object({ table: z.enum(["attendance", "engagement", "quality"]) });

/** Issue 28 §2: the team's charts of an event's audience, and the CSV behind each. */
export function dashAnalyticsRoutes(analytics: DashAnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/dash/events/:eventId/analytics",
      {
        schema: {
          tags,
          summary:
            "Event-page views and registrations by source (utm, clip, direct), and each session's audience",
          params: DashEventIdParams,
          response: { 200: EventAnalytics },
        },
      },
      async (req) => analytics.event(requireViewer(req), req.params.eventId),
    );

    app.get(
      "/api/dash/events/:eventId/analytics/sources.csv",
      { schema: { tags, summary: "Registrations by source as a CSV file", params: DashEventIdParams } },
      async (req, reply) => {
        const file = await analytics.sourcesCsv(requireViewer(req), req.params.eventId);
        return sendCsv(reply, file);
      },
    );

    app.get(
      "/api/dash/sessions/:sessionId/analytics",
      {
        schema: {
          tags,
          summary:
            "A session's attendance (who was live, when, how long; live viewers per minute), engagement per " +
            "minute and playback quality",
          params: DashSessionIdParams,
          response: { 200: SessionAnalytics },
        },
      },
      async (req) => analytics.session(requireViewer(req), req.params.sessionId),
    );

    app.get(
      "/api/dash/sessions/:sessionId/analytics/:table.csv",
      {
        schema: {
          tags,
          summary: "A session's attendance, engagement per minute or quality views as a CSV file",
          params: DashSessionIdParams.extend(CsvTable.shape),
        },
      },
      async (req, reply) => {
        const file = await analytics.sessionCsv(requireViewer(req), req.params.sessionId, req.params.table);
        return sendCsv(reply, file);
      },
    );
  };
}
