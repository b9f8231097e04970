import cookie from "@fastify/cookie";
import { Forbidden } from "@onstage/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../platform/database";
import { hashBrowserId } from "../events/unlisted";
import { recorderReads, recorderScope } from "./recorder";
import { type CookiePolicy, userIdForSession } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor; resolved once per request from the session cookie. */
    viewerUserId: number | null;
    /** The hash of this browser's grant cookie (unlisted events opened by code), or null without one. */
    browserKey: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's access is a token in its URL (the media route): the viewer is never read, so a
     * signed-in browser's playlist polls and segment fetches cost no session lookup.
     */
    tokenOnly?: boolean;
  }
}

/** Resolves the session cookie to a user id on every request; unknown or expired sessions are visitors. */
export async function registerViewer(
  app: FastifyInstance,
  db: Database,
  policy: CookiePolicy,
): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("viewerUserId", null);
  app.decorateRequest("browserKey", null);
  app.addHook("onRequest", async (req: FastifyRequest) => {
    if (req.routeOptions.config.tokenOnly) return;
    const sessionId = req.cookies[policy.sessionCookie];
    if (sessionId) req.viewerUserId = await userIdForSession(db, sessionId);
    const browserId = req.cookies[policy.browserCookie];
    if (browserId) req.browserKey = hashBrowserId(browserId);
    const recorder = req.cookies[policy.recorderCookie];
    if (recorder && req.viewerUserId === null) await readAsRecorder(db, req, recorder);
  });
}

/** The server's recorder (auth/recorder.ts): refused any change, its user only on its listed reads. */
async function readAsRecorder(db: Database, req: FastifyRequest, secret: string): Promise<void> {
  const scope = await recorderScope(db, secret);
  if (!scope) return;
  if (req.method !== "GET" && req.method !== "HEAD") throw Forbidden();
  const params = { ...(req.params as Record<string, unknown>), ...(req.query as Record<string, unknown>) };
  if (recorderReads(scope, req.routeOptions.url, params)) req.viewerUserId = scope.userId;
}
