import csrf from "@fastify/csrf-protection";
import { CsrfResponse } from "@onstage/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CookiePolicy } from "./sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing /api request carries the `x-csrf-token` header (double submit against a secret in
 * an httpOnly cookie), except those listed: they come from outside (signed webhooks) or from
 * navigator.sendBeacon, which cannot set headers.
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
    const path = req.url.split("?")[0] ?? "";
    if (SAFE_METHODS.has(req.method) || !path.startsWith("/api/") || exempt.includes(path)) return done();
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
