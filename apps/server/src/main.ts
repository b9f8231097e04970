import { mkdir } from "node:fs/promises";
import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { DEMO_HOST, seedDemoData } from "./features/demo/seed";
import { applyPlansFile, readPlansFile } from "./features/plans/operator-file";
import { locateChromium, NO_CHROMIUM_MESSAGE } from "./platform/chromium/locate";
import { openDatabase } from "./platform/database";
import { locateFfmpeg, NO_FFMPEG_MESSAGE } from "./platform/ffmpeg/locate";
import { patreonGate } from "./platform/membership/patreon-gate";
import { guardAllowing } from "./platform/net/guarded-fetch";
import { stripeGateway } from "./platform/payments/stripe-gateway";
import { secretFromFile } from "./platform/secret-file";

const config = loadConfig();
const logger = {
  level: config.logLevel,
  redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  ...(process.stdout.isTTY && config.env !== "production" ? { transport: { target: "pino-pretty" } } : {}),
};

await mkdir(config.dataDir, { recursive: true });
const db = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
  onIdleError: (error) => console.warn(`database connection lost: ${error.message}`),
});

const ffmpeg = await locateFfmpeg({ configured: config.ffmpegPath });
if (!ffmpeg) console.warn(NO_FFMPEG_MESSAGE);
// Asked for, the server compositor must work: no silent fallback to host tabs.
const chromiumPath = config.compositor === "server" ? await locateChromium(config.chromiumPath) : null;
if (config.compositor === "server" && !chromiumPath) throw new Error(NO_CHROMIUM_MESSAGE);

const { server, reporter, workers } = await buildApp({
  db,
  publicUrl: config.publicUrl,
  webDist: config.webDist,
  filesDir: path.join(config.dataDir, "files"),
  s3: config.s3,
  smtpUrl: config.smtpUrl,
  production: config.env === "production",
  trustProxy: config.trustProxy,
  logger,
  sentryDsn: config.sentryDsn,
  environment: config.env,
  socialProviders: config.socialProviders,
  payments: config.stripe ? await stripeGateway(config.stripe) : undefined,
  // Patreon sign-in configured: its tokens check real memberships; else the test-mode gate.
  membershipGate: config.socialProviders.patreon ? patreonGate({ db }) : undefined,
  redisUrl: config.redisUrl,
  livekit: config.livekit,
  ffmpegPath: ffmpeg?.path ?? null,
  mediaDir: path.join(config.dataDir, "media"),
  mediaSecret: config.mediaSecret ?? (await secretFromFile(path.join(config.dataDir, "media-secret"))),
  serverCompositor: chromiumPath ? { chromiumPath } : undefined,
  rtmp: config.rtmp,
  rtmpPublicUrl: config.rtmpPublicUrl,
  captions: config.captions,
  viewerThreshold: config.viewerThreshold,
  linkPreview: { facebook: config.facebookOembed },
  webhooks: { guard: guardAllowing(config.webhookAllowedAddresses) },
});
// Payment reconciliation and the mail jobs; tests run them by hand instead.
workers.start();

const seeded = config.demoData ? await seedDemoData(db) : false;
// After the demo data: the file may name the demo channel.
if (config.plansFile) await applyPlansFile(db, await readPlansFile(config.plansFile), new Date());
await server.listen({ host: config.host, port: config.port });

const database = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
console.log(`
  Onstage is running at ${config.publicUrl}
  Database: ${database}${seeded ? " (demo data created)" : ""}
  Demo host sign-in: ${DEMO_HOST.email} / ${DEMO_HOST.password}
  API docs: ${config.publicUrl}/api/docs
  Stage media: ${config.livekit ? `LiveKit at ${config.livekit.url}` : "embedded SFU (set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET for LiveKit)"}
  Program feed: ${ffmpeg ? `ffmpeg ${ffmpeg.path} (${ffmpeg.source}), composed ${chromiumPath ? `by the server (${chromiumPath})` : "in the host's tab"}` : "off (no ffmpeg)"}
  RTMP ingest: ${ffmpeg ? `${config.rtmp.host}:${config.rtmp.port} (set RTMP_HOST, RTMP_PORT, RTMP_PUBLIC_URL)` : "off (no ffmpeg)"}
  Captions: ${config.captions.enabled ? `captioners post to each session's caption URL (delay ${config.captions.delayMs} ms)` : "off (set CAPTIONS=captioner-api)"}
  Mail: ${config.smtpUrl ? "SMTP (SMTP_URL)" : config.env === "production" ? "not delivered: set SMTP_URL" : `development mailbox at ${config.publicUrl}/dev/mailbox (open it from this machine, or signed in as the first channel's owner; set SMTP_URL to deliver)`}
  Payments: ${config.stripe ? "Stripe" : "built-in test gateway (TEST MODE, no real money: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)"}
`);

const SHUTDOWN_DEADLINE_MS = 30_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  server.log.info({ signal }, "shutting down");
  // What still runs after this long will not finish (a child process that died mid-broadcast leaves
  // the HTTP server's close waiting: features/program-feed/media-process.ts).
  setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
  // Stop taking requests, let the ones in flight finish, then release the database.
  await server.close();
  // After the requests (they may queue mail), before the database: the mail in hand is finished.
  await workers.stop();
  await db.close();
  await reporter.flush();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
