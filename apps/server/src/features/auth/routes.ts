import { MeResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../platform/database";
import { findCurrentUser } from "./queries";

export function authRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/api/me", { schema: { tags: ["auth"], response: { 200: MeResponse } } }, async (req) => ({
      user: req.viewerUserId === null ? null : await findCurrentUser(db, req.viewerUserId),
    }));
  };
}
