import {
  CreateQuestionRequest,
  DashEventIdParams,
  DashQuestionResponse,
  DashQuestionsResponse,
  QuestionIdParams,
  ReorderQuestionsRequest,
  UpdateQuestionRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { DashQuestionsService } from "./service";

const tags = ["dashboard"];

export function dashQuestionRoutes(questions: DashQuestionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/dash/events/:eventId/questions",
      {
        schema: {
          tags,
          summary: "Add a custom registration question",
          params: DashEventIdParams,
          body: CreateQuestionRequest,
          response: { 201: DashQuestionResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await questions.create(requireViewer(req), req.params.eventId, req.body)),
    );

    app.post(
      "/api/dash/events/:eventId/questions/reorder",
      {
        schema: {
          tags,
          params: DashEventIdParams,
          body: ReorderQuestionsRequest,
          response: { 200: DashQuestionsResponse },
        },
      },
      async (req) => questions.reorder(requireViewer(req), req.params.eventId, req.body.ids),
    );

    app.patch(
      "/api/dash/questions/:questionId",
      {
        schema: {
          tags,
          params: QuestionIdParams,
          body: UpdateQuestionRequest,
          response: { 200: DashQuestionResponse },
        },
      },
      async (req) => questions.update(requireViewer(req), req.params.questionId, req.body),
    );

    app.delete(
      "/api/dash/questions/:questionId",
      { schema: { tags, params: QuestionIdParams } },
      async (req, reply) => {
        await questions.remove(requireViewer(req), req.params.questionId);
        return reply.code(204).send();
      },
    );
  };
}
