import csrf from "@fastify/csrf-protection";
import { CsrfResponse } from "@onstage/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CookiePolicy } from "../../kernel/identity/user-sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing /api request carries the `x-csrf-token` header (double submit against a secret in
 * an httpOnly cookie), except the routes listed: they come from outside (signed webhooks) or from
 * navigator.sendBeacon, which cannot set headers. The check reads the route the router matched, never
 * the raw URL: the router decodes `/%61pi/...` to `/api/...`, so a prefix test on the URL was bypassed.
 */
export async function registerCsrf(
  app: FastifyInstance,
  policy: CookiePolicy,
  exempt: string[] = [],
): Promise<void> {
  await app.register(csrf, {
    cookieKey: policy.csrfCookie,
    cookieOpts: { path: "/", httpOnly: true, sameSite: "lax", secure: policy.secure },
  });
  app.addHook("onRequest", (req, reply, done) => {
    const route = req.routeOptions.url;
    // Routes outside /api are server-rendered forms (test gateway, test membership) with their own tokens.
    if (SAFE_METHODS.has(req.method) || !route?.startsWith("/api/") || exempt.includes(route)) return done();
    app.csrfProtection(req, reply, done);
  });
}

export const csrfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/auth/csrf",
    { schema: { tags: ["auth"], response: { 200: CsrfResponse } } },
    async (_req, reply) => ({
      csrfToken: reply.generateCsrf(),
    }),
  );
};
