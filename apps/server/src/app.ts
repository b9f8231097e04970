import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { csrfRoutes, registerCsrf } from "./features/auth/csrf";
import { authRoutes } from "./features/auth/routes";
import { authService } from "./features/auth/service";
import { cookiePolicy } from "./features/auth/sessions";
import type { SocialProviderConfig } from "./features/auth/social/providers";
import { socialRoutes } from "./features/auth/social/routes";
import { registerViewer } from "./features/auth/viewer";
import { channelRoutes } from "./features/channels/routes";
import { channelsService } from "./features/channels/service";
import { chatRoutes } from "./features/chat/routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import type { FeatureDeps } from "./features/deps";
import { devMailboxRoutes } from "./features/dev-mailbox/routes";
import { eventRoutes } from "./features/events/routes";
import { eventsService } from "./features/events/service";
import { healthRoutes } from "./features/health/routes";
import { membershipRoutes } from "./features/membership/routes";
import { moderationRoutes } from "./features/moderation/routes";
import { paymentsFeature } from "./features/payments/feature";
import { STRIPE_WEBHOOK_PATH } from "./features/payments/routes";
import type { PaymentsService } from "./features/payments/service";
import { peopleRoutes } from "./features/people/routes";
import { LEAVE_SESSION_PATH, presenceFeature } from "./features/presence/routes";
import { attachRealtime, type RealtimeServer, type RealtimeTuning } from "./features/realtime/server";
import { registrationRoutes } from "./features/registration/routes";
import { roomRoutes } from "./features/room/routes";
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
import { type OpenedMailer, openMailer } from "./platform/mail";
import type { MembershipGate } from "./platform/membership/gate";
import type { PaymentGateway } from "./platform/payments/gateway";
import { FILES_URL_PREFIX, localFileStorage } from "./platform/storage/storage";

export interface AppDeps {
  db: Database;
  publicUrl: string;
  webDist: string;
  /** Uploaded and generated files (local storage). */
  filesDir: string;
  /** Outgoing mail server; without it mail goes to the development mailbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (else anyone could forge it). */
  trustProxy?: boolean;
  /** Production hides development-only pages (the mailbox). */
  production?: boolean;
  clock?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Unexpected errors go to Sentry when set, else to the log. */
  sentryDsn?: string;
  environment?: string;
  /** Social sign-in: only the providers given here are offered. */
  socialProviders?: SocialProviderConfig;
  /** Card payments (Stripe when configured); without it the embedded test gateway. */
  payments?: PaymentGateway;
  /** The membership gate (Patreon when configured); without it the test-mode gate. */
  membershipGate?: MembershipGate;
  /** Realtime topics are shared with other nodes through Redis when set; else in-process. */
  redisUrl?: string;
  /** Shorter realtime limits and timings (tests). */
  realtimeTuning?: Partial<RealtimeTuning>;
}

export interface App {
  server: FastifyInstance;
  tracker: Tracker;
  reporter: ErrorReporter;
  mailer: OpenedMailer;
  /** main.ts runs its reconcilePendingCheckouts() on a timer. */
  payments: PaymentsService;
  realtime: RealtimeServer;
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
    trustProxy: deps.trustProxy ?? false,
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
  const policy = cookiePolicy(deps.publicUrl);
  await registerViewer(server, deps.db, policy);
  // Signed by the provider instead (Stripe-Signature); a browser never posts there. The leave-session
  // beacon cannot set headers (navigator.sendBeacon); its route checks Origin instead.
  await registerCsrf(server, policy, [STRIPE_WEBHOOK_PATH, LEAVE_SESSION_PATH]);
  const mailer = openMailer({
    smtpUrl: deps.smtpUrl,
    from: deps.mailFrom ?? `Onstage <no-reply@${new URL(deps.publicUrl).hostname}>`,
    db: deps.db,
    log: server.log,
  });
  await mkdir(deps.filesDir, { recursive: true });
  const storage = localFileStorage(deps.filesDir);
  await server.register(fastifyStatic, {
    root: deps.filesDir,
    prefix: FILES_URL_PREFIX,
    decorateReply: false,
    maxAge: "1d",
  });

  const realtimeServer = attachRealtime({
    httpServer: server.server,
    db: deps.db,
    publicUrl: deps.publicUrl,
    policy,
    log: server.log,
    redisUrl: deps.redisUrl,
    tuning: deps.realtimeTuning,
  });
  // Before the HTTP server closes: it waits for open connections, and WebSockets stay open until told.
  server.addHook("preClose", () => realtimeServer.close());
  const events = eventsService(deps.db, clock);
  const channels = channelsService(deps.db, events);
  await server.register(healthRoutes(deps.db));
  const auth = authService({ db: deps.db, mailer, publicUrl: deps.publicUrl, log: server.log });
  await server.register(csrfRoutes);
  await server.register(
    authRoutes({ auth, db: deps.db, policy, storage, realtime: realtimeServer.realtime }),
  );
  // Development only: the mailbox shows sign-in links, so production never serves it.
  if (!deps.production && mailer.kind === "dev-mailbox") await server.register(devMailboxRoutes(mailer));
  await server.register(eventRoutes(events, deps.publicUrl));
  await server.register(channelRoutes(channels));
  await server.register(
    socialRoutes({
      auth,
      db: deps.db,
      policy,
      publicUrl: deps.publicUrl,
      providers: deps.socialProviders ?? {},
    }),
  );
  const features: FeatureDeps = {
    db: deps.db,
    tracker,
    mailer,
    storage,
    publicUrl: deps.publicUrl,
    policy,
    auth,
    events,
    clock,
    log: server.log,
    realtime: realtimeServer.realtime,
  };
  await server.register(registrationRoutes(features));
  const payments = paymentsFeature(features, deps.payments);
  await server.register(payments.routes);
  await server.register(membershipRoutes(features, deps.membershipGate));
  await server.register(dashboardRoutes(features));
  await server.register(roomRoutes(features));
  await server.register(chatRoutes(features));
  const presence = presenceFeature(features);
  await server.register(presence.routes);
  realtimeServer.setPresenceHandler(presence.service.heartbeat);
  await server.register(peopleRoutes(features));
  await server.register(moderationRoutes(features));
  await registerWebApp(server, { webDist: deps.webDist, publicUrl: deps.publicUrl, events, channels });
  await server.ready();
  return { server, tracker, reporter, mailer, payments: payments.service, realtime: realtimeServer };
}
