import { QuestionCommentResponse, QuestionResponse, QuestionsResponse } from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../api";

// Spec 2 §7 Q&A calls, with the spec's payload names; the author is the signed-in user. The list is
// refetched after the viewer's own changes (and kept by the session topic otherwise), so answers are not
// read.

export const questionKeys = { list: (sessionId: number) => ["questions", sessionId] as const };

export const fetchQuestions = (sessionId: number) =>
  api(`/api/questions?video_session_id=${sessionId}`, QuestionsResponse);

export const askQuestion = (sessionId: number, content: string) =>
  api("/api/questions", QuestionResponse, jsonBody({ video_session_id: sessionId, content }));
export const editQuestion = (questionId: number, content: string, eventId: number) =>
  apiNoContent("/api/questions/edit", jsonBody({ question_id: questionId, content, event_id: eventId }));
export const deleteQuestion = (questionId: number, eventId: number) =>
  apiNoContent("/api/questions/delete", jsonBody({ question_id: questionId, event_id: eventId }));
export const upvoteQuestion = (questionId: number, add: boolean) =>
  apiNoContent(
    add ? "/api/questions/upvote" : "/api/questions/upvote/delete",
    jsonBody({ question_id: questionId }),
  );
export const answerQuestion = (questionId: number, eventId: number, done: boolean) =>
  apiNoContent(
    done ? "/api/questions/answer" : "/api/questions/reopen",
    jsonBody({ question_id: questionId, event_id: eventId }),
  );
export const hideQuestionFromStage = (questionId: number, eventId: number) =>
  apiNoContent("/api/questions/hide-from-stage", jsonBody({ question_id: questionId, event_id: eventId }));
export const commentOnQuestion = (questionId: number, content: string) =>
  api("/api/questions/comments", QuestionCommentResponse, jsonBody({ question_id: questionId, content }));
export const editComment = (id: number, content: string) =>
  apiNoContent("/api/questions/comments/edit", jsonBody({ id, content }));
export const deleteComment = (id: number, eventId: number) =>
  apiNoContent("/api/questions/comments/delete", jsonBody({ id, event_id: eventId }));

/** Spec 2 §7 toggle-qa-on-stage and toggle-qa-truncate. */
export const toggleQa = (
  setting: "qa_show_on_stage" | "qa_truncate_on_stage",
  value: boolean,
  session: { id: number; eventId: number },
) =>
  apiNoContent(
    setting === "qa_show_on_stage"
      ? "/api/video-session/toggle-qa-on-stage"
      : "/api/video-session/toggle-qa-truncate",
    jsonBody({ video_session_id: session.id, event_id: session.eventId, [setting]: value }),
  );
