import { z } from "zod";
import { ChatAuthor } from "../chat/schemas";
import { QUESTION_TEXT_MAX_LENGTH } from "../constants";
import { Id, StoredText } from "../wire";

// Q&A (spec 2 §3, §7): requests use the spec's GraphQL payload names (snake_case); responses camelCase.
// The author of a question, comment or upvote is the signed-in user, never a field of the body.

export const QuestionComment = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  userId: z.number().int(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  user: ChatAuthor,
});
export type QuestionComment = z.infer<typeof QuestionComment>;

export const Question = z.object({
  id: z.number().int(),
  videoSessionId: z.number().int(),
  userId: z.number().int(),
  content: z.string(),
  answered: z.boolean(),
  /** Spec 2 §3: epoch ms when it was marked Done; null while open. */
  answeredTimestamp: z.number().int().nullable(),
  timestamp: z.iso.datetime(),
  user: ChatAuthor,
  /** Spec 2 §3 upvotes: the user ids, one per user (the table's primary key). */
  upvotes: z.array(z.number().int()),
  comments: z.array(QuestionComment),
});
export type Question = z.infer<typeof Question>;

export const QuestionsQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export type QuestionsQuery = z.infer<typeof QuestionsQuery>;

export const QuestionsResponse = z.object({
  /** Oldest first; the web sorts (domain sortQuestions). */
  questions: z.array(Question),
  /** The session topic's sequence when read: subscribe with `since` = seq. */
  seq: z.number().int().nonnegative(),
});
export type QuestionsResponse = z.infer<typeof QuestionsResponse>;

/** The wire bound is generous; the rule (trimmed, never empty, at most 2000) decides. */
const Content = StoredText(QUESTION_TEXT_MAX_LENGTH * 2);

export const AskQuestionRequest = z.object({ video_session_id: Id, content: Content }).strict();
export const EditQuestionRequest = z.object({ question_id: Id, content: Content, event_id: Id }).strict();
export const DeleteQuestionRequest = z.object({ question_id: Id, event_id: Id }).strict();
export const UpvoteQuestionRequest = z.object({ question_id: Id }).strict();
/** Answer (Done) and reopen. */
export const AnswerQuestionRequest = z.object({ question_id: Id, event_id: Id }).strict();
export const QuestionResponse = z.object({ question: Question });
export type QuestionResponse = z.infer<typeof QuestionResponse>;

export const CreateQuestionCommentRequest = z.object({ question_id: Id, content: Content }).strict();
export const UpdateQuestionCommentRequest = z.object({ id: Id, content: Content }).strict();
export const DeleteQuestionCommentRequest = z.object({ id: Id, event_id: Id }).strict();
export const QuestionCommentResponse = z.object({ comment: QuestionComment });

/** Issue 12: 'Hide from stage' on the question shown there. */
export const HideQuestionFromStageRequest = z.object({ question_id: Id, event_id: Id }).strict();

/** Spec 2 §7 toggle-qa-on-stage and toggle-qa-truncate. */
export const ToggleQaOnStageRequest = z
  .object({ video_session_id: Id, qa_show_on_stage: z.boolean(), event_id: Id })
  .strict();
export const ToggleQaTruncateRequest = z
  .object({ video_session_id: Id, qa_truncate_on_stage: z.boolean(), event_id: Id })
  .strict();

/** A question's upvote as the realtime layer carries it. */
export const QuestionUpvote = z.object({ questionId: z.number().int(), userId: z.number().int() });
export type QuestionUpvote = z.infer<typeof QuestionUpvote>;
export const Deleted = z.object({ id: z.number().int() });
