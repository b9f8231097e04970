import {
  BanRequest,
  BanResponse,
  ChangeRoleRequest,
  ChannelBansQuery,
  ChannelBansResponse,
  ChannelUnbanRequest,
  ModerationAuditQuery,
  ModerationAuditResponse,
  OkResponse,
  UnbanRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { changeRole } from "./roles";
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

    app.post(
      "/api/event/update-role",
      {
        schema: {
          tags,
          summary: "Change an attendee's event role (spec 1 §4 Role change, §5 Role menu)",
          body: ChangeRoleRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await changeRole(deps, requireViewer(req), req.body);
        return { ok: true as const };
      },
    );

    app.get(
      "/api/channel/bans",
      {
        schema: {
          tags,
          summary: "The channel's banned users, with who banned them and when (owners and admins)",
          querystring: ChannelBansQuery,
          response: { 200: ChannelBansResponse },
        },
      },
      async (req) => moderation.channelBans(requireViewer(req), req.query),
    );

    app.post(
      "/api/channel/unban",
      {
        schema: {
          tags,
          summary: "Lift any ban of the channel (owners and admins, /settings?tab=advanced)",
          body: ChannelUnbanRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await moderation.unbanInChannel(requireViewer(req), req.body);
        return { ok: true as const };
      },
    );

    app.get(
      "/api/channel/moderation-audit",
      {
        schema: {
          tags,
          summary: "Every moderation action in the channel, newest first (owners and admins)",
          querystring: ModerationAuditQuery,
          response: { 200: ModerationAuditResponse },
        },
      },
      async (req) => moderation.audit(requireViewer(req), req.query),
    );
  };
}
