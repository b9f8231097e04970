import { HealthResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../platform/database";
import { ping } from "./queries";

export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/api/health", { schema: { tags: ["health"], response: { 200: HealthResponse } } }, async () => {
      await ping(db);
      return { status: "ok" as const, database: db.kind };
    });
  };
}
