import path from "node:path";
import { HLS_VIEWER_THRESHOLD_USERS } from "@onstage/domain";
import { z } from "zod";
import type { SocialProviderConfig, SocialProviderSettings } from "./features/auth/social/providers";
import { REPO_ROOT } from "./paths";
import type { LivekitConfig } from "./platform/media-room/livekit/livekit-media-room";
import type { AllowedAddress } from "./platform/net/guarded-fetch";
import type { S3StorageConfig } from "./platform/storage/s3";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const Env = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(REPO_ROOT, "data")),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  SENTRY_DSN: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, "apps/web/dist")),
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: optionalUrl,
  TWITTER_CLIENT_ID: optionalText,
  TWITTER_CLIENT_SECRET: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  FACEBOOK_APP_ID: optionalText,
  FACEBOOK_CLIENT_TOKEN: optionalText,
  PATREON_CLIENT_ID: optionalText,
  PATREON_CLIENT_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  LIVEKIT_URL: optionalUrl,
  LIVEKIT_API_KEY: optionalText,
  LIVEKIT_API_SECRET: optionalText,
  FFMPEG_PATH: optionalText,
  MEDIA_SECRET: optionalText.pipe(z.string().min(32).optional()),
  COMPOSITOR: z.enum(["browser", "server"]).default("browser"),
  HLS_VIEWER_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(HLS_VIEWER_THRESHOLD_USERS),
  RTMP_HOST: optionalText,
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  RTMP_PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rtmps?:\/\/\S+$/)
      .optional(),
  ),
  CHROMIUM_PATH: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.transform((v) => v ?? "us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalUrl,
  PLANS_FILE: optionalText,
  CAPTIONS: z.enum(["off", "captioner-api"]).default("off"),
  CAPTIONS_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(0),
  // Issue 28 §4: an operator's own systems that webhooks may reach although their addresses are not
  // public: "10.0.0.7:8080,[fd00::5]:443".
  WEBHOOK_ALLOWED_ADDRESSES: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?:(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]):\d{1,5})(?:,(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]):\d{1,5})*$/i,
      )
      .optional(),
  ),
});

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  sentryDsn: string | undefined;
  logLevel: string;
  webDist: string;
  demoData: boolean;
  /** WEBHOOK_ALLOWED_ADDRESSES: addresses webhooks may reach besides public ones on ports 80 and 443. */
  webhookAllowedAddresses: AllowedAddress[];
  trustProxy: boolean;
  socialProviders: SocialProviderConfig;
  /** Card payments through Stripe; unset: the embedded test gateway (no real money). */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** The stage's media room on the operator's LiveKit; unset: the embedded SFU. */
  livekit: LivekitConfig | undefined;
  /** The ffmpeg binary; unset: `ffmpeg` on PATH, then the @ffmpeg-installer/linux-x64 package. */
  ffmpegPath: string | undefined;
  /** Signs media URLs; unset: generated once and kept in DATA_DIR/media-secret (one node). */
  mediaSecret: string | undefined;
  /** Who composes the program feed: a host's studio tab, or a headless Chromium the server runs. */
  compositor: "browser" | "server";
  /** Issue 27: the audience watches over WebRTC up to this many viewers, over HLS above (0: always HLS). */
  viewerThreshold: number;
  /** The RTMP ingest's listener (RTMP_HOST, HOST by default; RTMP_PORT). */
  rtmp: { host: string; port: number };
  /** What hosts paste into their encoder; unset: rtmp://{PUBLIC_URL's host}:{RTMP_PORT}/live. */
  rtmpPublicUrl: string | undefined;
  /** COMPOSITOR=server's Chromium; unset: `chromium` on PATH. */
  chromiumPath: string | undefined;
  /** Uploaded and generated files in an S3-compatible bucket; unset: DATA_DIR/files (one node). */
  s3: S3StorageConfig | undefined;
  /** The operator's plans and their channels (JSON, features/plans/operator-file.ts); unset: unlimited. */
  plansFile: string | undefined;
  /** CAPTIONS=captioner-api: live captions from a captioner posting lines; off: the toggle is hidden. */
  captions: { enabled: boolean; delayMs: number };
  /** Link previews of Facebook and Instagram posts (their oEmbed needs the app's token); unset: none. */
  facebookOembed: { appId: string; clientToken: string } | undefined;
}

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** All of the bucket's settings or none: half of them would store files locally on one node unnoticed. */
function s3Storage(e: z.infer<typeof Env>): S3StorageConfig | undefined {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = e;
  const { S3_SECRET_ACCESS_KEY: secretAccessKey, S3_REGION: region, S3_PUBLIC_URL: publicUrl } = e;
  if (endpoint && bucket && accessKeyId && secretAccessKey)
    return { endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl };
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length === S3_REQUIRED.length && !publicUrl) return undefined;
  throw new Error(
    `Invalid configuration: object storage needs ${S3_REQUIRED.join(", ")} together (missing ${missing.join(", ")})`,
  );
}

/** A social provider is offered only when both halves of its client registration are set. */
const provider = (
  clientId: string | undefined,
  clientSecret: string | undefined,
  baseUrl?: string,
): SocialProviderSettings | undefined =>
  clientId && clientSecret ? { clientId, clientSecret, ...(baseUrl ? { baseUrl } : {}) } : undefined;

/** Reads and validates the environment once; main.ts is the only caller. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Half a Stripe setup would silently fall back to free test payments: refuse it instead.
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error("Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together");
  }
  // A LiveKit URL without its key pair would fail on the first stage join, not at start: refuse it now.
  if (e.LIVEKIT_URL && !(e.LIVEKIT_API_KEY && e.LIVEKIT_API_SECRET)) {
    throw new Error("Invalid configuration: LIVEKIT_URL needs LIVEKIT_API_KEY and LIVEKIT_API_SECRET");
  }
  // Half a token would send every Facebook and Instagram preview to a refusal: refuse it now.
  if (Boolean(e.FACEBOOK_APP_ID) !== Boolean(e.FACEBOOK_CLIENT_TOKEN)) {
    throw new Error("Invalid configuration: FACEBOOK_APP_ID and FACEBOOK_CLIENT_TOKEN are set together");
  }
  const s3 = s3Storage(e);
  // Issue 13 §5: LiveKit Egress writes the program's segments to the bucket, which every node serves.
  if (e.LIVEKIT_URL && !s3) {
    throw new Error(
      `Invalid configuration: LIVEKIT_URL needs object storage (${S3_REQUIRED.join(", ")}): LiveKit Egress writes the program's HLS segments to that bucket`,
    );
  }
  const shownHost = e.HOST === "0.0.0.0" || e.HOST === "127.0.0.1" ? "localhost" : e.HOST;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    sentryDsn: e.SENTRY_DSN,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY === "true",
    socialProviders: {
      google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      twitter: provider(e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET),
      facebook: provider(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
      patreon: provider(e.PATREON_CLIENT_ID, e.PATREON_CLIENT_SECRET),
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    livekit:
      e.LIVEKIT_URL && e.LIVEKIT_API_KEY && e.LIVEKIT_API_SECRET
        ? { url: e.LIVEKIT_URL, apiKey: e.LIVEKIT_API_KEY, apiSecret: e.LIVEKIT_API_SECRET }
        : undefined,
    ffmpegPath: e.FFMPEG_PATH,
    mediaSecret: e.MEDIA_SECRET,
    compositor: e.COMPOSITOR,
    viewerThreshold: e.HLS_VIEWER_THRESHOLD,
    // Issue 23 §1.2: RTMP listens where HTTP does unless told otherwise.
    rtmp: { host: e.RTMP_HOST ?? e.HOST, port: e.RTMP_PORT },
    rtmpPublicUrl: e.RTMP_PUBLIC_URL?.replace(/\/$/, ""),
    chromiumPath: e.CHROMIUM_PATH,
    s3,
    plansFile: e.PLANS_FILE && path.resolve(e.PLANS_FILE),
    captions: { enabled: e.CAPTIONS === "captioner-api", delayMs: e.CAPTIONS_DELAY_MS },
    facebookOembed:
      e.FACEBOOK_APP_ID && e.FACEBOOK_CLIENT_TOKEN
        ? { appId: e.FACEBOOK_APP_ID, clientToken: e.FACEBOOK_CLIENT_TOKEN }
        : undefined,
    webhookAllowedAddresses: (e.WEBHOOK_ALLOWED_ADDRESSES ?? "")
      .split(",")
      .filter(Boolean)
      .map((entry) => {
        const at = entry.lastIndexOf(":");
        return {
          address: entry
            .slice(0, at)
            .replace(/^\[|\]$/g, "")
            .toLowerCase(),
          port: Number(entry.slice(at + 1)),
        };
      }),
    // A production instance starts empty unless demo data is asked for.
    demoData: (e.DEMO_DATA ?? (e.NODE_ENV === "production" ? "false" : "true")) === "true",
  };
}
