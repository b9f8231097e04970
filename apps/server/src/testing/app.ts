import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type App, type AppDeps, buildApp } from "../app";
import type { CaptionsOptions } from "../features/captions/service";
import type { LinkPreviewOptions } from "../features/link-preview/service";
import type { RtmpListenOptions } from "../features/rtmp-ingest/feature";
import type { WebhooksOptions } from "../features/webhooks/feature";
import { cookiePolicy, hashSessionId } from "../kernel/identity/user-sessions";
import type { Database } from "../platform/database";
import type { LivekitConfig } from "../platform/media-room/livekit/livekit-media-room";
import type { S3StorageConfig } from "../platform/storage/s3";
import { serverErrorLog } from "./server-errors";

export const TEST_PUBLIC_URL = "http://onstage.test";

export const testFilesDir = () => mkdtemp(path.join(tmpdir(), "onstage-files-"));

/**
 * The real app on the given database as the tests build it: no built web app (the server's fallback
 * shell), a fresh files directory, client addresses from X-Forwarded-For, error-level lines kept for
 * the suites' check; `deps` adds to or overrides these.
 */
export async function buildTestApp(db: Database, deps: Partial<AppDeps> = {}): Promise<App> {
  return buildApp({
    db,
    publicUrl: TEST_PUBLIC_URL,
    webDist: "/nonexistent",
    filesDir: await testFilesDir(),
    // Tests speak from several client addresses through X-Forwarded-For.
    trustProxy: true,
    logger: serverErrorLog(),
    ...deps,
  });
}

/** buildTestApp for a suite: built before its tests, closed after them. */
export function useTestApp(
  use: () => Database,
  options: {
    webDist?: string;
    livekit?: () => LivekitConfig;
    s3?: () => S3StorageConfig;
    /** The app's clock (deps.clock), for suites that move time. */
    clock?: () => Date;
    captions?: CaptionsOptions;
    /** Where the embedded RTMP listener would bind (deps.rtmp). */
    rtmp?: () => RtmpListenOptions;
    /** Link previews' providers, guard and limits (deps.linkPreview), known once the stand-ins run. */
    linkPreview?: () => LinkPreviewOptions;
    /** Where the pipelines' HLS goes (deps.mediaDir): suites that put a recording there themselves. */
    mediaDir?: () => string;
    /** Signs media URLs and the links that act without a sign-in (deps.mediaSecret). */
    mediaSecret?: string;
    /** Where webhook deliveries may go (deps.webhooks), known once the receiver runs. */
    webhooks?: () => WebhooksOptions;
  } = {},
): () => App {
  let app: App | undefined;
  beforeAll(async () => {
    app = await buildTestApp(use(), {
      webDist: options.webDist ?? "/nonexistent",
      livekit: options.livekit?.(),
      s3: options.s3?.(),
      clock: options.clock,
      captions: options.captions,
      rtmp: options.rtmp?.(),
      linkPreview: options.linkPreview?.(),
      mediaDir: options.mediaDir?.(),
      mediaSecret: options.mediaSecret,
      webhooks: options.webhooks?.(),
    });
  });
  afterAll(async () => {
    await app?.server.close();
  });
  return () => {
    if (!app) throw new Error("app not started");
    return app;
  };
}

/** Signs a user in by creating a session row; returns the Cookie header to send. */
export async function signedIn(db: Database, userId: number): Promise<{ cookie: string }> {
  const sessionId = randomBytes(32).toString("base64url");
  await db.query(
    "INSERT INTO user_sessions (id_hash, user_id, csrf_secret, expires_at) VALUES ($1, $2, 'x', now() + interval '1 day')",
    [hashSessionId(sessionId), userId],
  );
  return { cookie: `${cookiePolicy(TEST_PUBLIC_URL).sessionCookie}=${sessionId}` };
}
