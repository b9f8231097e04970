import {
  AddMemberRequest,
  AddMemberResponse,
  ChannelIdParams,
  ChannelMemberParams,
  TeamMemberResponse,
  TeamResponse,
  UpdateMemberRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerId } from "./access";
import type { DashTeamService } from "./team.service";

const tags = ["dashboard"];

export function dashTeamRoutes(team: DashTeamService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/channels/:channelId/members",
      { schema: { tags, params: ChannelIdParams, response: { 200: TeamResponse } } },
      async (req) => team.list(viewerId(req), req.params.channelId),
    );

    app.post(
      "/api/channels/:channelId/members",
      {
        schema: {
          tags,
          summary: "Add an existing user to the team, or mail an invitation to a new address",
          params: ChannelIdParams,
          body: AddMemberRequest,
          response: { 200: AddMemberResponse },
        },
      },
      async (req) => team.add(viewerId(req), req.params.channelId, req.body),
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
      async (req) => team.setRole(viewerId(req), req.params.channelId, req.params.userId, req.body.role),
    );

    app.delete(
      "/api/channels/:channelId/members/:userId",
      { schema: { tags, params: ChannelMemberParams } },
      async (req, reply) => {
        await team.remove(viewerId(req), req.params.channelId, req.params.userId);
        return reply.code(204).send();
      },
    );
  };
}
