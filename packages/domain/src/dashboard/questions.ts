import { z } from "zod";
import { CustomRegistrationField } from "../event-page/schemas";
import { CustomFieldType } from "../vocabulary";
import { Id } from "../wire";
import { IdParam, Required, Text } from "./fields";
import { DASH_LIMITS as L } from "./limits";

// An event's custom registration questions on the dashboard (issue 5 §1):
//   POST   /api/dash/events/:eventId/questions CreateQuestionRequest → 201 DashQuestionResponse
//   POST   /api/dash/events/:eventId/questions/reorder ReorderQuestionsRequest → DashQuestionsResponse
//   PATCH  /api/dash/questions/:questionId    UpdateQuestionRequest → DashQuestionResponse
//   DELETE /api/dash/questions/:questionId                         → 204

export const QuestionIdParams = z.object({ questionId: IdParam });

/** The same shape the event page gives visitors: hosts edit what attendees answer. */
export const DashQuestion = CustomRegistrationField;
export type DashQuestion = z.infer<typeof DashQuestion>;

const QuestionBound = z.number().finite().min(-1e12).max(1e12).nullable();

export const CreateQuestionRequest = z
  .object({
    type: CustomFieldType,
    question: Required(L.questionMaxChars),
    isRequired: z.boolean().default(false),
    /** The options of multiple_choice and multi_select (2 to 50, non-empty, unique); else empty. */
    answers: z.array(Text(L.questionOptionMaxChars)).max(L.questionMaxOptions).default([]),
    /** Number questions only. */
    min: QuestionBound.optional(),
    max: QuestionBound.optional(),
  })
  .strict();
export type CreateQuestionRequest = z.input<typeof CreateQuestionRequest>;
export type CreateQuestionInput = z.output<typeof CreateQuestionRequest>;

export const UpdateQuestionRequest = z
  .object({
    type: CustomFieldType.optional(),
    question: Required(L.questionMaxChars).optional(),
    isRequired: z.boolean().optional(),
    answers: z.array(Text(L.questionOptionMaxChars)).max(L.questionMaxOptions).optional(),
    min: QuestionBound.optional(),
    max: QuestionBound.optional(),
  })
  .strict();
export type UpdateQuestionRequest = z.infer<typeof UpdateQuestionRequest>;

export const DashQuestionResponse = z.object({ question: DashQuestion });
export type DashQuestionResponse = z.infer<typeof DashQuestionResponse>;

/** Every live question of the event exactly once, in the new order (order starts at 1). */
export const ReorderQuestionsRequest = z
  .object({ ids: z.array(Id).min(1).max(L.questionsPerEventMax) })
  .strict();
export type ReorderQuestionsRequest = z.infer<typeof ReorderQuestionsRequest>;

export const DashQuestionsResponse = z.object({ questions: z.array(DashQuestion) });
export type DashQuestionsResponse = z.infer<typeof DashQuestionsResponse>;
