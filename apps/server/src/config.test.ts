import path from "node:path";
import { expect, test } from "vitest";
import { loadConfig } from "./config";

test("defaults run the embedded platform on localhost:3000 with demo data", () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    publicUrl: "http://localhost:3000",
    databaseUrl: undefined,
    demoData: true,
    viewerThreshold: 50,
  });
  expect(loadConfig({ HLS_VIEWER_THRESHOLD: "1" }).viewerThreshold).toBe(1);
  expect(config.dataDir).toMatch(/data$/);
});

test.each([
  { case: "a port out of range", env: { PORT: "70000" }, problem: "PORT" },
  { case: "a database URL that is not a URL", env: { DATABASE_URL: "not a url" }, problem: "DATABASE_URL" },
  { case: "an unknown log level", env: { LOG_LEVEL: "loud" }, problem: "LOG_LEVEL" },
  {
    case: "a negative viewer threshold",
    env: { HLS_VIEWER_THRESHOLD: "-1" },
    problem: "HLS_VIEWER_THRESHOLD",
  },
  {
    case: "a viewer threshold in words",
    env: { HLS_VIEWER_THRESHOLD: "fifty" },
    problem: "HLS_VIEWER_THRESHOLD",
  },
  {
    case: "a webhook address given by name",
    env: { WEBHOOK_ALLOWED_ADDRESSES: "crm.internal:8080" },
    problem: "WEBHOOK_ALLOWED_ADDRESSES",
  },
  {
    case: "a webhook address without its port",
    env: { WEBHOOK_ALLOWED_ADDRESSES: "10.0.0.7" },
    problem: "WEBHOOK_ALLOWED_ADDRESSES",
  },
])("$case is refused naming the variable", ({ env, problem }) => {
  expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration: .*${problem}`));
});

test("production starts without demo data unless asked; PUBLIC_URL loses its trailing slash", () => {
  expect(loadConfig({ NODE_ENV: "production" }).demoData).toBe(false);
  expect(loadConfig({ NODE_ENV: "production", DEMO_DATA: "true" }).demoData).toBe(true);
  expect(loadConfig({ PUBLIC_URL: "https://events.example.com/" }).publicUrl).toBe(
    "https://events.example.com",
  );
});

test("a social provider is enabled only when both its client id and secret are set", () => {
  const config = loadConfig({
    GOOGLE_CLIENT_ID: "g-id",
    GOOGLE_CLIENT_SECRET: "g-secret",
    GOOGLE_ISSUER: "http://127.0.0.1:4000",
    TWITTER_CLIENT_ID: "t-id",
    FACEBOOK_CLIENT_SECRET: "f-secret",
    PATREON_CLIENT_ID: " ",
    PATREON_CLIENT_SECRET: "p-secret",
  });
  expect(config.socialProviders).toEqual({
    google: { clientId: "g-id", clientSecret: "g-secret", baseUrl: "http://127.0.0.1:4000" },
    twitter: undefined,
    facebook: undefined,
    patreon: undefined,
  });
});

test("Facebook and Instagram previews get the app's token only with both halves; half is refused", () => {
  expect(loadConfig({}).facebookOembed).toBeUndefined();
  expect(loadConfig({ FACEBOOK_APP_ID: "123", FACEBOOK_CLIENT_TOKEN: "abc" }).facebookOembed).toEqual({
    appId: "123",
    clientToken: "abc",
  });
  expect(() => loadConfig({ FACEBOOK_APP_ID: "123" })).toThrow(/FACEBOOK_CLIENT_TOKEN/);
});

test("Stripe is used only with both its secret key and webhook secret; half a setup is refused", () => {
  expect(loadConfig({}).stripe).toBeUndefined();
  expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }).stripe).toEqual({
    secretKey: "sk_test_1",
    webhookSecret: "whsec_1",
  });
  expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
});

test("LiveKit is configured by its URL and key pair, never by half of them", () => {
  expect(loadConfig({}).livekit).toBeUndefined();
  const env = {
    LIVEKIT_URL: "wss://media.example.com",
    LIVEKIT_API_KEY: "APIkey",
    LIVEKIT_API_SECRET: "secret",
    ...S3_ENV,
  };
  expect(loadConfig(env).livekit).toEqual({
    url: "wss://media.example.com",
    apiKey: "APIkey",
    apiSecret: "secret",
  });
  expect(() => loadConfig({ LIVEKIT_URL: "wss://media.example.com", LIVEKIT_API_KEY: "APIkey" })).toThrow(
    /LIVEKIT_URL needs LIVEKIT_API_KEY and LIVEKIT_API_SECRET/,
  );
});

test("LiveKit without a bucket is refused: its Egress writes the program there", () => {
  const livekit = {
    LIVEKIT_URL: "wss://media.example.com",
    LIVEKIT_API_KEY: "APIkey",
    LIVEKIT_API_SECRET: "secret",
  };
  expect(() => loadConfig(livekit)).toThrow(/LIVEKIT_URL needs object storage \(S3_ENDPOINT/);
  expect(loadConfig({ ...livekit, ...S3_ENV }).s3).toBeDefined();
});

test("FFMPEG_PATH is passed on as given; MEDIA_SECRET is refused when shorter than 32 characters", () => {
  expect(loadConfig({}).ffmpegPath).toBeUndefined();
  expect(loadConfig({ FFMPEG_PATH: "/opt/ffmpeg/bin/ffmpeg" }).ffmpegPath).toBe("/opt/ffmpeg/bin/ffmpeg");
  expect(loadConfig({}).mediaSecret).toBeUndefined();
  expect(loadConfig({ MEDIA_SECRET: "x".repeat(32) }).mediaSecret).toBe("x".repeat(32));
  expect(() => loadConfig({ MEDIA_SECRET: "short" })).toThrow(/MEDIA_SECRET/);
});

test("COMPOSITOR is the host's tab unless `server`; anything else is refused; CHROMIUM_PATH as given", () => {
  expect(loadConfig({})).toMatchObject({ compositor: "browser", chromiumPath: undefined });
  expect(loadConfig({ COMPOSITOR: "server", CHROMIUM_PATH: "/opt/chromium" })).toMatchObject({
    compositor: "server",
    chromiumPath: "/opt/chromium",
  });
  expect(() => loadConfig({ COMPOSITOR: "egress" })).toThrow(/Invalid configuration: .*COMPOSITOR/);
});

const S3_ENV = {
  S3_ENDPOINT: "https://s3.example.com",
  S3_BUCKET: "onstage",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
};

test("files stay in DATA_DIR/files unless S3 is configured; S3_REGION defaults to us-east-1", () => {
  expect(loadConfig({}).s3).toBeUndefined();
  expect(loadConfig(S3_ENV).s3).toEqual({
    endpoint: "https://s3.example.com",
    bucket: "onstage",
    region: "us-east-1",
    accessKeyId: "key",
    secretAccessKey: "secret",
    publicUrl: undefined,
  });
  expect(
    loadConfig({ ...S3_ENV, S3_REGION: "auto", S3_PUBLIC_URL: "https://cdn.example.com" }).s3,
  ).toMatchObject({
    region: "auto",
    publicUrl: "https://cdn.example.com",
  });
});

test.each([
  {
    case: "a bucket without its keys",
    env: { S3_ENDPOINT: "https://s3.example.com", S3_BUCKET: "onstage" },
    missing: "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
  },
  { case: "keys without an endpoint", env: { ...S3_ENV, S3_ENDPOINT: "" }, missing: "S3_ENDPOINT" },
  {
    case: "only a public URL",
    env: { S3_PUBLIC_URL: "https://cdn.example.com" },
    missing: "S3_ENDPOINT, S3_BUCKET",
  },
])("half an S3 setup ($case) is refused naming what is missing", ({ env, missing }) => {
  expect(() => loadConfig(env)).toThrow(
    `object storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together (missing ${missing}`,
  );
});

test("an S3 endpoint that is not a URL is refused naming the variable", () => {
  expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: "s3.example.com" })).toThrow(
    /Invalid configuration: .*S3_ENDPOINT/,
  );
});

test("PLANS_FILE is read from an absolute path; unset, every channel is unlimited", () => {
  expect(loadConfig({}).plansFile).toBeUndefined();
  expect(loadConfig({ PLANS_FILE: "ops/plans.json" }).plansFile).toBe(path.resolve("ops/plans.json"));
});

test.each([
  { case: "nothing set: where HTTP listens", env: {}, want: "127.0.0.1" },
  { case: "HOST set", env: { HOST: "10.0.0.5" }, want: "10.0.0.5" },
  { case: "RTMP_HOST set", env: { HOST: "127.0.0.1", RTMP_HOST: "0.0.0.0" }, want: "0.0.0.0" },
])("the RTMP listener's interface (issue 23 §1.2), $case → $want", ({ env, want }) => {
  expect(loadConfig(env).rtmp).toEqual({ host: want, port: 1935 });
});

test("WEBHOOK_ALLOWED_ADDRESSES: an operator's own addresses, IPv4 and bracketed IPv6, each with its port", () => {
  expect(loadConfig({}).webhookAllowedAddresses).toEqual([]);
  expect(
    loadConfig({ WEBHOOK_ALLOWED_ADDRESSES: "10.0.0.7:8080,[FD00::5]:443" }).webhookAllowedAddresses,
  ).toEqual([
    { address: "10.0.0.7", port: 8080 },
    { address: "fd00::5", port: 443 },
  ]);
});
