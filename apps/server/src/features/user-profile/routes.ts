import { UserProfileQuery, UserProfileResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureDeps } from "../deps";
import { userProfileService } from "./service";

export function userProfileRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const profiles = userProfileService(deps);
  return async (app) => {
    app.get(
      "/api/event/user-profile",
      {
        schema: {
          tags: ["people"],
          summary: "The profile popover of someone in the event: photo, name, role, bio (spec 2 §2, §7)",
          querystring: UserProfileQuery,
          response: { 200: UserProfileResponse },
        },
      },
      async (req) => ({ profile: await profiles.profile(req.viewerUserId, req.query, req.browserKey) }),
    );
  };
}
