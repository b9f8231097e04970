import { BanRequest, BanResponse, OkResponse, UnbanRequest } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../access/viewer";
import type { FeatureDeps } from "../deps";
import { moderationService } from "./service";

const tags = ["moderation"];

/** The actor is the signed-in user from the session cookie (spec 1 §7 banned_by), never the body. */
export function moderationRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const moderation = moderationService(deps);
  return async (app) => {
    app.addHook("preValidation", async (req) => {
      requireViewer(req);
    });

    app.post(
      "/api/event/ban",
      {
        schema: {
          tags,
          summary: "Ban a user: shadow ban, ban and remove, or ban from the channel (201 new, 200 already)",
          body: BanRequest,
          response: { 200: BanResponse, 201: BanResponse },
        },
      },
      async (req, reply) => {
        const { banId, created } = await moderation.ban(requireViewer(req), req.body);
        reply.code(created ? 201 : 200);
        return { banId };
      },
    );

    app.post(
      "/api/event/unban",
      {
        schema: {
          tags,
          summary: "Lift a ban of this event or its channel",
          body: UnbanRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await moderation.unban(requireViewer(req), req.body);
        return { ok: true as const };
      },
    );
  };
}
