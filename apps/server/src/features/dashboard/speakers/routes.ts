import {
  DashEventIdParams,
  InviteSpeakerRequest,
  SpeakerInviteResponse,
  SpeakersResponse,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { DashSpeakersService } from "./service";

const tags = ["dashboard"];

export function dashSpeakerRoutes(speakers: DashSpeakersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/dash/events/:eventId/speakers",
      { schema: { tags, params: DashEventIdParams, response: { 200: SpeakersResponse } } },
      async (req) => speakers.list(requireViewer(req), req.params.eventId),
    );

    app.post(
      "/api/dash/events/:eventId/speakers",
      {
        schema: {
          tags,
          summary:
            "Mail an invitation to speak in chosen sessions; the address's owner becomes a speaker on accepting",
          params: DashEventIdParams,
          body: InviteSpeakerRequest,
          response: { 201: SpeakerInviteResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await speakers.invite(requireViewer(req), req.params.eventId, req.body)),
    );
  };
}
