import {
  AnswerQuestionRequest,
  AskQuestionRequest,
  CreateQuestionCommentRequest,
  DeleteQuestionCommentRequest,
  DeleteQuestionRequest,
  EditQuestionRequest,
  HideQuestionFromStageRequest,
  OkResponse,
  QuestionCommentResponse,
  QuestionResponse,
  QuestionsQuery,
  QuestionsResponse,
  ToggleQaOnStageRequest,
  ToggleQaTruncateRequest,
  UpdateQuestionCommentRequest,
  UpvoteQuestionRequest,
} from "@onstage/domain";
import type { FastifySchema } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { questionsService } from "./service";

const tags = ["questions"];
const OK = { ok: true as const };

/** The writer is the signed-in user from the session cookie, never a field of the body (spec 2 §7). */
export function questionsRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const questions = questionsService(deps);
  return async (app) => {
    // Writes need a signed-in user before anything else: an anonymous caller learns nothing.
    app.addHook("preValidation", async (req) => {
      if (req.method !== "GET") requireViewer(req);
    });

    /** One POST route: body schema, response schema, what it does with the signed-in viewer. */
    function post<B extends z.ZodType, R extends z.ZodType>(
      url: string,
      summary: string,
      body: B,
      response: R,
      run: (viewerUserId: number, body: z.infer<B>) => Promise<z.infer<R>>,
      status = 200,
    ) {
      app.post(
        url,
        {
          // A generic schema cannot be inferred by the type provider; the validator still parses with it.
          schema: { tags, summary, body, response: { [status]: response } } as FastifySchema,
        },
        async (req, reply) => {
          reply.code(status);
          return run(requireViewer(req), req.body as z.infer<B>);
        },
      );
    }

    /** A POST route whose answer is `{ ok: true }` once `run` is done. */
    function postOk<B extends z.ZodType>(
      url: string,
      summary: string,
      body: B,
      run: (viewerUserId: number, body: z.infer<B>) => Promise<unknown>,
    ) {
      post(url, summary, body, OkResponse, async (v, b) => {
        await run(v, b);
        return OK;
      });
    }

    app.get(
      "/api/questions",
      {
        schema: {
          tags,
          summary: "The session's questions with comments and upvotes (spec 2 §2, §3)",
          querystring: QuestionsQuery,
          response: { 200: QuestionsResponse },
        },
      },
      async (req) => questions.list(req.viewerUserId, req.query.video_session_id, req.browserKey),
    );

    post(
      "/api/questions",
      "Ask a question (trimmed; verified e-mail)",
      AskQuestionRequest,
      QuestionResponse,
      async (v, b) => ({ question: await questions.ask(v, b) }),
      201,
    );
    post(
      "/api/questions/edit",
      "Edit a question (its author or the team)",
      EditQuestionRequest,
      QuestionResponse,
      async (v, b) => ({ question: await questions.edit(v, b) }),
    );
    postOk(
      "/api/questions/delete",
      "Delete a question (its author or the team)",
      DeleteQuestionRequest,
      (v, b) => questions.remove(v, b),
    );
    postOk("/api/questions/upvote", "Upvote a question (not your own; once)", UpvoteQuestionRequest, (v, b) =>
      questions.upvote(v, b.question_id, true),
    );
    postOk("/api/questions/upvote/delete", "Withdraw your upvote", UpvoteQuestionRequest, (v, b) =>
      questions.upvote(v, b.question_id, false),
    );
    post(
      "/api/questions/answer",
      "Answer -> Done, only while broadcasting (spec 2 §4)",
      AnswerQuestionRequest,
      QuestionResponse,
      async (v, b) => ({ question: await questions.answer(v, b) }),
    );
    post(
      "/api/questions/reopen",
      "Reopen an answered question (spec 2 §6)",
      AnswerQuestionRequest,
      QuestionResponse,
      async (v, b) => ({ question: await questions.reopen(v, b) }),
    );
    postOk(
      "/api/questions/hide-from-stage",
      "Take the question shown on stage off it (who may answer questions)",
      HideQuestionFromStageRequest,
      (v, b) => questions.hideFromStage(v, b),
    );
    post(
      "/api/questions/comments",
      "Comment on a question (trimmed; verified e-mail)",
      CreateQuestionCommentRequest,
      QuestionCommentResponse,
      async (v, b) => ({ comment: await questions.comment(v, b) }),
      201,
    );
    post(
      "/api/questions/comments/edit",
      "Edit your own comment",
      UpdateQuestionCommentRequest,
      QuestionCommentResponse,
      async (v, b) => ({ comment: await questions.editComment(v, b) }),
    );
    postOk(
      "/api/questions/comments/delete",
      "Delete a comment (its author or a studio admin)",
      DeleteQuestionCommentRequest,
      (v, b) => questions.removeComment(v, b),
    );
    postOk(
      "/api/video-session/toggle-qa-on-stage",
      "Show the Q&A on stage (spec 2 §7)",
      ToggleQaOnStageRequest,
      (v, b) => questions.toggle(v, b, { qaShowOnStage: b.qa_show_on_stage }),
    );
    postOk(
      "/api/video-session/toggle-qa-truncate",
      "Truncate the Q&A on stage (spec 2 §7)",
      ToggleQaTruncateRequest,
      (v, b) => questions.toggle(v, b, { qaTruncateOnStage: b.qa_truncate_on_stage }),
    );
  };
}
