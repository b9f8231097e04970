import { RegisteredUsersQuery, RegisteredUsersResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureDeps } from "../deps";
import { peopleService } from "./service";

export function peopleRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const people = peopleService(deps);
  return async (app) => {
    app.get(
      "/api/event/registered-users",
      {
        schema: {
          tags: ["people"],
          summary: "Registered users with their presence in the session: filters, sort, pages, search",
          querystring: RegisteredUsersQuery,
          response: { 200: RegisteredUsersResponse },
        },
      },
      async (req) => people.registeredUsers(req.viewerUserId, req.query, req.browserKey),
    );
  };
}
