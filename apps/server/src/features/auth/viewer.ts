import { createHash } from "node:crypto";
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../platform/database";

export const SESSION_COOKIE = "onstage_session";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor; resolved once per request from the session cookie. */
    viewerUserId: number | null;
  }
}

export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

/** Resolves the session cookie to a user id on every request; unknown or expired sessions are visitors. */
export async function registerViewer(app: FastifyInstance, db: Database): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("viewerUserId", null);
  app.addHook("onRequest", async (req: FastifyRequest) => {
    const sessionId = req.cookies[SESSION_COOKIE];
    if (!sessionId) return;
    const rows = await db.query<{ user_id: number }>(
      "SELECT user_id FROM user_sessions WHERE id_hash = $1 AND expires_at > now()",
      [hashSessionId(sessionId)],
    );
    req.viewerUserId = rows[0]?.user_id ?? null;
  });
}
