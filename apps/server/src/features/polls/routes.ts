import {
  AnswerPollRequest,
  CreatePollRequest,
  DeletePollRequest,
  OkResponse,
  PollResponse,
  PollsQuery,
  PollsResponse,
  RemovePollAnswerRequest,
  ReorderPollsRequest,
  UpdatePollRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { PollsService } from "./service";

const tags = ["polls"];
const OK = { ok: true as const };

/** Spec 2 §7's poll operations as REST; the voter is the signed-in user, never a field of the body. */
export function pollsRoutes(polls: PollsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Writes need a signed-in user before anything else: an anonymous caller learns nothing.
    app.addHook("preValidation", async (req) => {
      if (req.method !== "GET") requireViewer(req);
    });

    app.get(
      "/api/polls",
      {
        schema: {
          tags,
          summary: "The session's polls as the viewer may see them, with the viewer's answers (spec 2 §6)",
          querystring: PollsQuery,
          response: { 200: PollsResponse },
        },
      },
      async (req) => polls.list(req.viewerUserId, req.query.video_session_id, req.browserKey),
    );

    app.post(
      "/api/polls",
      {
        schema: {
          tags,
          summary: "Create a poll (poll managers; spec 2 §5 form rules)",
          body: CreatePollRequest,
          response: { 201: PollResponse },
        },
      },
      async (req, reply) => {
        const poll = await polls.create(requireViewer(req), req.body);
        reply.code(201);
        return { poll };
      },
    );

    app.post(
      "/api/polls/update",
      {
        schema: {
          tags,
          summary: "Edit a poll: question, hidden, show_answers, options (poll managers)",
          body: UpdatePollRequest,
          response: { 200: PollResponse },
        },
      },
      async (req) => ({ poll: await polls.update(requireViewer(req), req.body) }),
    );

    app.post(
      "/api/polls/delete",
      {
        schema: {
          tags,
          summary: "Delete a poll (poll managers)",
          body: DeletePollRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await polls.remove(requireViewer(req), req.body);
        return OK;
      },
    );

    app.post(
      "/api/polls/reorder",
      {
        schema: {
          tags,
          summary: "Reorder the session's polls (poll managers)",
          body: ReorderPollsRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await polls.reorder(requireViewer(req), req.body);
        return OK;
      },
    );

    app.post(
      "/api/polls/answer",
      {
        schema: {
          tags,
          summary: "Answer a poll or switch the answer (verified e-mail)",
          body: AnswerPollRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await polls.answer(requireViewer(req), req.body);
        return OK;
      },
    );

    app.post(
      "/api/polls/answer/delete",
      {
        schema: {
          tags,
          summary: "Remove your answer to a poll",
          body: RemovePollAnswerRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await polls.removeAnswer(requireViewer(req), req.body);
        return OK;
      },
    );
  };
}
