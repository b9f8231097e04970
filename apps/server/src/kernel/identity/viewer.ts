import cookie from "@fastify/cookie";
import { Forbidden, Unauthorized } from "@onstage/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../platform/database";
import { recorderReads, recorderScope } from "../recorder/credential";
import { hashBrowserId } from "../unlisted/grants";
import type { SessionCache } from "./session-cache";
import type { CookiePolicy } from "./user-sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor; resolved once per request from the session cookie. */
    viewerUserId: number | null;
    /** The hash of this browser's grant cookie (unlisted events opened by code), or null without one. */
    browserKey: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route never asks who is asking: its access is a token in its URL (the media route), or it
     * serves every browser the same (assets, files, the web app's pages). Its requests cost no session
     * lookup (issue 14), and `viewerUserId` and `browserKey` stay null there.
     */
    noViewer?: boolean;
  }
}

/**
 * Resolves the session cookie to a user id on every request but those of `noViewer` routes; unknown or
 * expired sessions are visitors.
 */
export async function registerViewer(
  app: FastifyInstance,
  db: Database,
  sessions: SessionCache,
  policy: CookiePolicy,
): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("viewerUserId", null);
  app.decorateRequest("browserKey", null);
  const identify = async (
    req: FastifyRequest,
    sessionId: string | undefined,
    recorder: string | undefined,
  ) => {
    if (sessionId) req.viewerUserId = await sessions.userIdFor(sessionId);
    if (recorder && req.viewerUserId === null) await readAsRecorder(db, req, recorder);
  };
  // Not an async hook: a visitor's request (no session, no recorder) costs no promise (issue 14).
  app.addHook("onRequest", (req, _reply, done) => {
    if (req.routeOptions.config.noViewer) return done();
    const browserId = req.cookies[policy.browserCookie];
    if (browserId) req.browserKey = hashBrowserId(browserId);
    const sessionId = req.cookies[policy.sessionCookie];
    const recorder = req.cookies[policy.recorderCookie];
    if (!sessionId && !recorder) return done();
    identify(req, sessionId, recorder).then(() => done(), done);
  });
}

/** The signed-in user's id; a visitor is refused with 401. */
export function requireViewer(req: FastifyRequest): number {
  if (req.viewerUserId === null) throw Unauthorized();
  return req.viewerUserId;
}

/** Registers `plugin` with every route it adds marked `noViewer` (static file plugins take no route config). */
export function withoutViewer(plugin: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope, options) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, noViewer: true };
    });
    await plugin(scope, options);
  };
}

/** The server's recorder (kernel/recorder): refused any change, its user only on its listed reads. */
async function readAsRecorder(db: Database, req: FastifyRequest, secret: string): Promise<void> {
  const scope = await recorderScope(db, secret);
  if (!scope) return;
  if (req.method !== "GET" && req.method !== "HEAD") throw Forbidden();
  const params = { ...(req.params as Record<string, unknown>), ...(req.query as Record<string, unknown>) };
  if (recorderReads(scope, req.routeOptions.url, params)) req.viewerUserId = scope.userId;
}
