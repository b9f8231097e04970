import {
  AddMemberRequest,
  ChannelIdParams,
  ChannelInviteParams,
  ChannelMemberParams,
  TeamInviteResponse,
  TeamMemberResponse,
  TeamResponse,
  UpdateMemberRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { DashTeamService } from "./service";

const tags = ["dashboard"];

export function dashTeamRoutes(team: DashTeamService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/channels/:channelId/members",
      { schema: { tags, params: ChannelIdParams, response: { 200: TeamResponse } } },
      async (req) => team.list(requireViewer(req), req.params.channelId),
    );

    app.post(
      "/api/channels/:channelId/members",
      {
        schema: {
          tags,
          summary: "Mail an invitation to the team; the address's owner joins on accepting it",
          params: ChannelIdParams,
          body: AddMemberRequest,
          response: { 200: TeamInviteResponse },
        },
      },
      async (req) => team.add(requireViewer(req), req.params.channelId, req.body),
    );

    app.post(
      "/api/channels/:channelId/invites/:inviteId/resend",
      {
        schema: {
          tags,
          summary: "Mail the invitation again with a new link, valid for its full time again",
          params: ChannelInviteParams,
          response: { 200: TeamInviteResponse },
        },
      },
      async (req) => team.resendInvite(requireViewer(req), req.params.channelId, req.params.inviteId),
    );

    app.delete(
      "/api/channels/:channelId/invites/:inviteId",
      {
        schema: {
          tags,
          summary: "Revoke an invitation; its link stops working",
          params: ChannelInviteParams,
        },
      },
      async (req, reply) => {
        await team.revokeInvite(requireViewer(req), req.params.channelId, req.params.inviteId);
        return reply.code(204).send();
      },
    );

    app.patch(
      "/api/channels/:channelId/members/:userId",
      {
        schema: {
          tags,
          params: ChannelMemberParams,
          body: UpdateMemberRequest,
          response: { 200: TeamMemberResponse },
        },
      },
      async (req) => team.setRole(requireViewer(req), req.params.channelId, req.params.userId, req.body.role),
    );

    app.delete(
      "/api/channels/:channelId/members/:userId",
      { schema: { tags, params: ChannelMemberParams } },
      async (req, reply) => {
        await team.remove(requireViewer(req), req.params.channelId, req.params.userId);
        return reply.code(204).send();
      },
    );
  };
}
