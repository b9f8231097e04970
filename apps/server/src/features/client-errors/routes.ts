import { ClientConfig, ClientErrorReport } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ClientErrorsService } from "./service";

export function clientErrorsRoutes(
  reporting: { sentryDsn: string | null; environment: string },
  errors: ClientErrorsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/client-config",
      {
        schema: {
          tags: ["errors"],
          summary:
            "Where the web app reports its errors: Sentry's DSN (public by design) or null for this server",
          response: { 200: ClientConfig },
        },
      },
      async () => ({ sentryDsn: reporting.sentryDsn, environment: reporting.environment }),
    );
    app.post(
      "/api/client-errors",
      {
        // The report is the log line; the request's own line would say it twice.
        logLevel: "warn",
        schema: {
          tags: ["errors"],
          summary: "A failure of the web app, without personal data (issue 29 §4); 60 a minute per address",
          body: ClientErrorReport,
        },
      },
      async (req, reply) => {
        await errors.report(req.body, req.ip);
        return reply.code(204).send();
      },
    );
  };
}
