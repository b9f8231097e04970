import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "../app";
import { hashSessionId, SESSION_COOKIE } from "../features/auth/viewer";
import type { Database } from "../platform/database";

export const TEST_PUBLIC_URL = "http://onstage.test";

/** The real app on the given database, without a built web app (the server's fallback shell is used). */
export function useTestApp(use: () => Database, options: { webDist?: string } = {}): () => App {
  let app: App | undefined;
  beforeAll(async () => {
    app = await buildApp({
      db: use(),
      publicUrl: TEST_PUBLIC_URL,
      webDist: options.webDist ?? "/nonexistent",
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
  return { cookie: `${SESSION_COOKIE}=${sessionId}` };
}
