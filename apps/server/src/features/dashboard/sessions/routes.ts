import {
  CreateSessionRequest,
  DashEventIdParams,
  DashSessionResponse,
  SessionIdParams,
  UpdateSessionRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { DashSessionsService } from "./service";

const tags = ["dashboard"];

export function dashSessionRoutes(sessions: DashSessionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/dash/events/:eventId/sessions",
      {
        schema: {
          tags,
          params: DashEventIdParams,
          body: CreateSessionRequest,
          response: { 201: DashSessionResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await sessions.create(requireViewer(req), req.params.eventId, req.body)),
    );

    app.patch(
      "/api/dash/sessions/:sessionId",
      {
        schema: {
          tags,
          params: SessionIdParams,
          body: UpdateSessionRequest,
          response: { 200: DashSessionResponse },
        },
      },
      async (req) => sessions.update(requireViewer(req), req.params.sessionId, req.body),
    );

    app.delete(
      "/api/dash/sessions/:sessionId",
      { schema: { tags, params: SessionIdParams } },
      async (req, reply) => {
        await sessions.remove(requireViewer(req), req.params.sessionId);
        return reply.code(204).send();
      },
    );
  };
}
