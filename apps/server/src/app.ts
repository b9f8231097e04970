import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { authRoutes } from "./features/auth/routes";
import { registerViewer } from "./features/auth/viewer";
import { channelRoutes } from "./features/channels/routes";
import { channelsService } from "./features/channels/service";
import { eventRoutes } from "./features/events/routes";
import { eventsService } from "./features/events/service";
import { healthRoutes } from "./features/health/routes";
import { registerWebApp } from "./features/share-preview/routes";
import { installErrorHandler } from "./http/errors";
import { registerOpenApi } from "./http/openapi";
import { databaseTracker, type Tracker } from "./platform/analytics/tracker";
import type { Database } from "./platform/database";
import {
  type ErrorReporter,
  logErrorReporter,
  sentryErrorReporter,
} from "./platform/error-reporting/reporter";

export interface AppDeps {
  db: Database;
  publicUrl: string;
  webDist: string;
  clock?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Unexpected errors go to Sentry when set, else to the log. */
  sentryDsn?: string;
  environment?: string;
}

export interface App {
  server: FastifyInstance;
  tracker: Tracker;
  reporter: ErrorReporter;
}

/** Wires features onto one Fastify instance; main.ts and the tests both build the app through here. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const server = Fastify({
    logger: deps.logger ?? false,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    trustProxy: true,
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
    // No token or session id may leak to other sites through Referer.
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-content-type-options", "nosniff");
  });

  const clock = deps.clock ?? (() => new Date());
  const reporter = deps.sentryDsn
    ? await sentryErrorReporter(deps.sentryDsn, deps.environment ?? "development", server.log)
    : logErrorReporter(server.log);
  const tracker = databaseTracker(deps.db, server.log);
  installErrorHandler(server, reporter);
  await registerOpenApi(server);
  await registerViewer(server, deps.db);

  const events = eventsService(deps.db, clock);
  const channels = channelsService(deps.db, events);
  await server.register(healthRoutes(deps.db));
  await server.register(authRoutes(deps.db));
  await server.register(eventRoutes(events, deps.publicUrl));
  await server.register(channelRoutes(channels));
  await registerWebApp(server, { webDist: deps.webDist, publicUrl: deps.publicUrl, events, channels });
  await server.ready();
  return { server, tracker, reporter };
}
