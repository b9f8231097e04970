import {
  ProfileBatchQuery,
  ProfileBatchRequest,
  ProfileBatchResponse,
  UserProfileQuery,
  UserProfileResponse,
} from "@onstage/domain";
import type { FastifyRequest } from "fastify";
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

    const viewer = (req: FastifyRequest) => ({
      userId: req.viewerUserId,
      address: req.ip,
      browserKey: req.browserKey,
    });
    app.get(
      "/api/user/profile",
      {
        schema: {
          tags: ["people"],
          summary: "People of an event by id, at most 100 (spec 1 §7); others are left out",
          querystring: ProfileBatchQuery,
          response: { 200: ProfileBatchResponse },
        },
      },
      async (req) => ({
        users: await profiles.batch(viewer(req), req.query.event_id, req.query.ids.split(",").map(Number)),
      }),
    );
    app.post(
      "/api/user/profile",
      {
        schema: {
          tags: ["people"],
          summary: "The same as GET /api/user/profile, for clients whose GET failed or was refused (405)",
          body: ProfileBatchRequest,
          response: { 200: ProfileBatchResponse },
        },
      },
      async (req) => ({ users: await profiles.batch(viewer(req), req.body.eventId, req.body.userIds) }),
    );
  };
}
