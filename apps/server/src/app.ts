import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { HLS_VIEWER_THRESHOLD_USERS } from "@onstage/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { registerCsrf } from "./features/auth/csrf";
import { authFeature } from "./features/auth/feature";
import { authMails } from "./features/auth/mail-jobs";
import { authService } from "./features/auth/service";
import type { SocialProviderConfig } from "./features/auth/social/providers";
import { captionsFeature } from "./features/captions/feature";
import { CAPTION_LINE_PATH, type CaptionsOptions } from "./features/captions/service";
import { channelsFeature } from "./features/channels/feature";
import { chatFeature } from "./features/chat/feature";
import { clientErrorsFeature } from "./features/client-errors/feature";
import { clippingFeature } from "./features/clipping/feature";
import { dashboardFeature } from "./features/dashboard/feature";
import type { FeatureDeps } from "./features/deps";
import { devMailboxFeature } from "./features/dev-mailbox/feature";
import { eventsFeature } from "./features/events/feature";
import { eventsService } from "./features/events/service";
import type { Feature, Worker } from "./features/feature";
import { followersFeature } from "./features/followers/feature";
import { UNFOLLOW_PATH } from "./features/followers/routes";
import { healthFeature } from "./features/health/feature";
import { hostFeedbackFeature } from "./features/host-feedback/feature";
import { intentsFeature } from "./features/intents/feature";
import { linkPreviewFeature } from "./features/link-preview/feature";
import type { LinkPreviewOptions } from "./features/link-preview/service";
import { membershipFeature } from "./features/membership/feature";
import { moderationFeature } from "./features/moderation/feature";
import { pageViewsFeature } from "./features/page-views/feature";
import { paymentsFeature } from "./features/payments/feature";
import { STRIPE_WEBHOOK_PATH } from "./features/payments/routes";
import type { PaymentsService } from "./features/payments/service";
import { peopleFeature } from "./features/people/feature";
import { plansFeature } from "./features/plans/feature";
import { playbackQualityFeature } from "./features/playback-quality/feature";
import { PLAYBACK_BEACONS_PATH } from "./features/playback-quality/routes";
import { pollsFeature } from "./features/polls/feature";
import { presenceFeature } from "./features/presence/feature";
import { LEAVE_SESSION_PATH } from "./features/presence/routes";
import { programEgressFeature } from "./features/program-egress/feature";
import { LIVEKIT_WEBHOOK_PATH } from "./features/program-egress/service";
import { programFeedFeature } from "./features/program-feed/feature";
import { questionsFeature } from "./features/questions/feature";
import { authErrorAnalytics } from "./features/realtime/auth-error-analytics";
import { attachRealtime, type RealtimeServer, type RealtimeTuning } from "./features/realtime/server";
import { registrationFeature } from "./features/registration/feature";
import { registrationPort } from "./features/registration/service";
import { registrationMailsFeature } from "./features/registration-mails/feature";
import { roomFeature } from "./features/room/feature";
import {
  defaultRtmpServerUrl,
  type RtmpListenOptions,
  rtmpIngestFeature,
} from "./features/rtmp-ingest/feature";
import { sessionControlFeature } from "./features/session-control/feature";
import { webAppFeature } from "./features/share-preview/feature";
import { stageFeature } from "./features/stage/feature";
import { studioFeature } from "./features/studio/feature";
import { userProfileFeature } from "./features/user-profile/feature";
import { viewerDeliveryFeature } from "./features/viewer-delivery/feature";
import { type WebhooksOptions, webhooksFeature } from "./features/webhooks/feature";
import { registerCompression } from "./http/compression";
import { installErrorHandler } from "./http/errors";
import { registerOpenApi } from "./http/openapi";
import { registerSecurityHeaders } from "./http/security-headers";
import { refuseUnsafeUrls, safeTextValidatorCompiler } from "./http/validation";
import { BroadcastLifecycle } from "./kernel/broadcast/lifecycle";
import { sessionCache } from "./kernel/identity/session-cache";
import { cookiePolicy } from "./kernel/identity/user-sessions";
import { registerViewer, withoutViewer } from "./kernel/identity/viewer";
import { type LowLatencyChange, LowLatencyStreams } from "./media/ll-hls/streams";
import { databaseTracker, type Tracker } from "./platform/analytics/tracker";
import type { Database } from "./platform/database";
import {
  type ErrorReporter,
  logErrorReporter,
  sentryErrorReporter,
} from "./platform/error-reporting/reporter";
import { locateFfmpeg, NO_FFMPEG_MESSAGE } from "./platform/ffmpeg/locate";
import { type OpenedMailer, openMailer } from "./platform/mail";
import { chooseMediaRoom } from "./platform/media-room";
import { embeddedMediaRoom } from "./platform/media-room/embedded/room";
import { livekitProgramEgress } from "./platform/media-room/livekit/egress";
import { livekitRtmpIngress } from "./platform/media-room/livekit/ingress";
import { type LivekitConfig, livekitOrigins } from "./platform/media-room/livekit/livekit-media-room";
import type { MediaRoomPort } from "./platform/media-room/port";
import type { MembershipGate } from "./platform/membership/gate";
import type { PaymentGateway } from "./platform/payments/gateway";
import { openRedisChannel } from "./platform/realtime/redis";
import { chooseStorage } from "./platform/storage";
import { registerFilesRoute } from "./platform/storage/files-route";
import { bucketOrigin, type S3StorageConfig } from "./platform/storage/s3";

export interface AppDeps {
  db: Database;
  publicUrl: string;
  webDist: string;
  /** Uploaded and generated files (local storage). */
  filesDir: string;
  /** Files go to this S3-compatible bucket when set (several nodes share it); else to filesDir. */
  s3?: S3StorageConfig;
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
  /** The stage's media room runs on this LiveKit project when set (chooseMediaRoom); else embedded. */
  livekit?: LivekitConfig;
  /** The stage's media room; without it the embedded SFU (issue 11 §2). Stopped when the app closes. */
  mediaRoom?: MediaRoomPort;
  /** Shorter realtime limits and timings (tests). */
  realtimeTuning?: Partial<RealtimeTuning>;
  /** The ffmpeg binary (main.ts: FFMPEG_PATH); undefined: looked for on PATH, then the npm package. */
  ffmpegPath?: string | null;
  /** Where the program feed's HLS files go (main.ts: DATA_DIR/media); a temporary directory if unset. */
  mediaDir?: string;
  /** Signs media URLs (main.ts: MEDIA_SECRET or a generated one kept in DATA_DIR); random if unset. */
  mediaSecret?: string;
  /** COMPOSITOR=server: live sessions' recorder views run in this Chromium; unset: host tabs compose. */
  serverCompositor?: { chromiumPath: string };
  /** The RTMP listener (main.ts: RTMP_HOST, RTMP_PORT); unset: no encoder is let in (most tests). */
  rtmp?: RtmpListenOptions;
  /** What hosts paste into their encoder (RTMP_PUBLIC_URL); unset: derived from publicUrl and the port. */
  rtmpPublicUrl?: string;
  /** CAPTIONS=captioner-api: captioners post lines to a session's caption URL; off if unset. */
  captions?: CaptionsOptions;
  /** HLS_VIEWER_THRESHOLD: WebRTC viewers up to this many (issue 27); HLS_VIEWER_THRESHOLD_USERS if unset. */
  viewerThreshold?: number;
  /** Link previews (issue 26 §4): main.ts gives the Facebook token; tests their providers and guard. */
  linkPreview?: LinkPreviewOptions;
  /** Issue 28 §4: where webhook deliveries may go (tests allow their loopback receiver). */
  webhooks?: WebhooksOptions;
}

export interface App {
  server: FastifyInstance;
  tracker: Tracker;
  reporter: ErrorReporter;
  mailer: OpenedMailer;
  /** Tests run its reconcilePendingCheckouts() by hand (main.ts on a timer, through workers). */
  payments: PaymentsService;
  realtime: RealtimeServer;
  /** Session state moves and recording changes (the features' deps.lifecycle). */
  lifecycle: BroadcastLifecycle;
  /** The features' background jobs: main.ts starts and stops them; tests run the jobs themselves. */
  workers: Worker;
  /** Writes what features buffer between their timed writes (the quality beacons). */
  flush(): Promise<void>;
}

function workersOf(features: Feature[]): Worker {
  const workers = features.flatMap((feature) => (feature.worker ? [feature.worker] : []));
  return {
    start: () => {
      for (const worker of workers) worker.start();
    },
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
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
  server.setValidatorCompiler(safeTextValidatorCompiler);
  refuseUnsafeUrls(server);
  server.setSerializerCompiler(serializerCompiler);
  server.addHook("onSend", (req, reply, payload, done) => {
    reply.header("x-request-id", req.id);
    done(null, payload);
  });

  await registerCompression(server);

  const clock = deps.clock ?? (() => new Date());
  const reporter = deps.sentryDsn
    ? await sentryErrorReporter(deps.sentryDsn, deps.environment ?? "development", server.log)
    : logErrorReporter(server.log);
  const tracker = databaseTracker(deps.db, server.log);
  installErrorHandler(server, reporter);
  await registerOpenApi(server);
  const policy = cookiePolicy(deps.publicUrl);
  const sessions = sessionCache(deps.db);
  await registerViewer(server, deps.db, sessions, policy);
  await registerSecurityHeaders(server, deps.publicUrl, {
    // Issue 29 §4: with a DSN the web app sends its errors to Sentry itself.
    connectTo: [
      ...(deps.livekit ? livekitOrigins(deps.livekit.url) : []),
      ...(deps.sentryDsn ? [new URL(deps.sentryDsn).origin] : []),
    ],
    mediaFrom: deps.s3 ? [bucketOrigin(deps.s3)] : [],
  });
  // Signed by the provider instead (Stripe-Signature); a browser never posts there. The leave-session
  // beacon cannot set headers (navigator.sendBeacon); its route checks Origin instead.
  // A captioning tool posts from its own server with the caption URL's secret token.
  await registerCsrf(server, policy, [
    STRIPE_WEBHOOK_PATH,
    LEAVE_SESSION_PATH,
    LIVEKIT_WEBHOOK_PATH,
    CAPTION_LINE_PATH,
    // The one-click unfollow of a mail client (RFC 8058) carries the link's signed token, no cookie.
    UNFOLLOW_PATH,
    // The player's quality beacons (navigator.sendBeacon); the route checks Origin instead.
    PLAYBACK_BEACONS_PATH,
  ]);
  const mailer = openMailer({
    smtpUrl: deps.smtpUrl,
    from: deps.mailFrom ?? `Onstage <no-reply@${new URL(deps.publicUrl).hostname}>`,
    db: deps.db,
    log: server.log,
  });
  const storage = chooseStorage({ filesDir: deps.filesDir, s3: deps.s3 });
  // Public files: anyone with the URL reads them, so no session lookup.
  await server.register(
    withoutViewer(async (scope) =>
      registerFilesRoute(scope, deps.s3 ? { bucket: storage } : { filesDir: deps.filesDir }),
    ),
  );

  const realtimeServer = await attachRealtime({
    httpServer: server.server,
    db: deps.db,
    publicUrl: deps.publicUrl,
    policy,
    log: server.log,
    trustProxy: deps.trustProxy ?? false,
    redisUrl: deps.redisUrl,
    tuning: deps.realtimeTuning,
    onAuthError: authErrorAnalytics(tracker),
  });
  realtimeServer.onSessionsEnded(sessions.forget);
  // Before the HTTP server closes: it waits for open connections, and WebSockets stay open until told.
  server.addHook("preClose", () => realtimeServer.close());
  const events = eventsService(deps.db, clock);
  // Issue 14: every message on event:{id}, from any node, drops that event's cached pages.
  realtimeServer.onPublished("event", events.eventChanged);
  const mails = authMails({ db: deps.db, mailer, publicUrl: deps.publicUrl, clock, log: server.log });
  const auth = authService({
    db: deps.db,
    mails,
    publicUrl: deps.publicUrl,
    log: server.log,
    realtime: realtimeServer.realtime,
  });
  // The mail a request queued after its answer is sent (or left to the next node) before the database goes.
  server.addHook("onClose", async () => {
    await auth.settled();
    await mails.worker.stop();
  });
  const lifecycle = new BroadcastLifecycle();
  const mediaSecret = deps.mediaSecret ?? randomBytes(32).toString("base64url");
  const shared: FeatureDeps = {
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
    lifecycle,
    viewerThreshold: deps.viewerThreshold ?? HLS_VIEWER_THRESHOLD_USERS,
    linkSecret: mediaSecret,
  };
  const payments = paymentsFeature(shared, registrationPort(shared), deps.payments);
  const ffmpegPath = deps.ffmpegPath === undefined ? ((await locateFfmpeg())?.path ?? null) : deps.ffmpegPath;
  if (deps.ffmpegPath === undefined && !ffmpegPath) server.log.warn(NO_FFMPEG_MESSAGE);
  // Issue 13 §5: with LiveKit and a bucket, LiveKit Egress composes the program into the bucket.
  const egress = deps.livekit && deps.s3 ? livekitProgramEgress(deps.livekit, deps.s3) : null;
  const mediaDir = deps.mediaDir ?? (await mkdtemp(path.join(tmpdir(), "onstage-media-")));
  // Issue 27 §2: the LL-HLS streams this node serves. With a bucket and Redis every node serves every
  // stream (its parts are in the bucket): the packagers' states go to every node.
  const lowLatency = new LowLatencyStreams();
  if (deps.s3 && deps.redisUrl) {
    const channel = await openRedisChannel<LowLatencyChange>(
      deps.redisUrl,
      `onstage#${new URL(deps.publicUrl).host}:ll-hls`,
      server.log,
    );
    lowLatency.share(channel);
    server.addHook("onClose", () => channel.close());
  }
  const programFeed = programFeedFeature(shared, {
    httpServer: server.server,
    ffmpegPath,
    mediaDir,
    mediaSecret,
    s3: deps.s3,
    serverCompositor: deps.serverCompositor ?? null,
    egress: egress !== null,
    lowLatency,
  });
  const captions = deps.captions ?? { enabled: false, delayMs: 0 };
  const rtmpIngest = rtmpIngestFeature(shared, {
    ffmpegPath,
    mediaDir,
    mediaSecret,
    serverUrl: deps.rtmpPublicUrl ?? defaultRtmpServerUrl(deps.publicUrl, deps.rtmp?.port ?? 1935),
    listen: deps.rtmp ?? null,
    s3: deps.s3 ?? null,
    captions,
    // Issue 13 §5: with LiveKit, encoders push to its Ingress and join the room.
    livekitIngress: deps.livekit ? livekitRtmpIngress(deps.livekit) : null,
    lowLatency,
  });
  // Compositor WebSockets stay open until told, and would hold the HTTP server's close.
  server.addHook("preClose", () => programFeed.closeUploads());
  // One media room for the stage and the intents that put people on it (or take them off).
  const mediaRoom =
    deps.mediaRoom ??
    chooseMediaRoom({ livekit: deps.livekit })(() =>
      embeddedMediaRoom({
        onCrash: (err) => server.log.error({ err }, "the SFU worker crashed"),
        onRestart: (exitCode) =>
          server.log.error({ exitCode }, "the SFU worker ended; its members join again"),
        onFault: (report) => server.log.error({ report }, "an SFU handler failed; its member was dropped"),
      }),
    );
  const stage = stageFeature(shared, mediaRoom);
  const features: Feature[] = [
    healthFeature(shared),
    authFeature(shared, deps.socialProviders ?? {}),
    { name: "auth-mails", worker: mails.worker },
    // Development only: the mailbox shows sign-in links, so production never serves it.
    ...(!deps.production && mailer.kind === "dev-mailbox" ? [devMailboxFeature(mailer, deps.db)] : []),
    eventsFeature(shared),
    channelsFeature(shared),
    registrationFeature(shared),
    payments,
    membershipFeature(shared, deps.membershipGate),
    dashboardFeature(shared),
    roomFeature(shared),
    sessionControlFeature(shared),
    viewerDeliveryFeature(shared),
    chatFeature(shared),
    questionsFeature(shared),
    pollsFeature(shared),
    studioFeature(shared, { ffmpegPath }),
    clippingFeature(shared, { ffmpegPath, mediaDir, mediaSecret, isBucket: deps.s3 !== undefined }),
    hostFeedbackFeature(shared),
    followersFeature(shared),
    webhooksFeature(shared, deps.webhooks),
    playbackQualityFeature(shared),
    pageViewsFeature(shared),
    clientErrorsFeature({
      sentryDsn: deps.sentryDsn ?? null,
      environment: deps.environment ?? "development",
    })(shared),
    userProfileFeature(shared),
    linkPreviewFeature(shared, deps.linkPreview ?? {}),
    stage,
    intentsFeature(shared, mediaRoom),
    presenceFeature(shared),
    peopleFeature(shared),
    moderationFeature(shared),
    plansFeature(shared),
    registrationMailsFeature(shared),
    programFeed,
    ...(deps.livekit
      ? [
          programEgressFeature(shared, {
            livekit: deps.livekit,
            egress,
            listeners: { onIngress: rtmpIngest.onIngress, onParticipant: stage.onParticipant },
          }),
        ]
      : []),
    rtmpIngest,
    captionsFeature(captions)(shared),
    // Last: its catch-all route answers every page the features above do not.
    webAppFeature(shared, deps.webDist),
  ];
  for (const feature of features) {
    if (feature.routes) await server.register(feature.routes);
    feature.start?.();
    if (feature.onHeartbeat) realtimeServer.setPresenceHandler(feature.onHeartbeat);
    if (feature.onConnection) realtimeServer.addConnectionHandler(feature.onConnection);
  }
  // After the requests in flight (they may buffer work), before the database closes.
  server.addHook("onClose", async () => {
    await Promise.all(features.map((feature) => feature.stop?.()));
  });
  await server.ready();
  return {
    server,
    tracker,
    reporter,
    mailer,
    payments: payments.service,
    realtime: realtimeServer,
    lifecycle,
    workers: workersOf(features),
    flush: async () => {
      await Promise.all(features.map((feature) => feature.flush?.()));
    },
  };
}
