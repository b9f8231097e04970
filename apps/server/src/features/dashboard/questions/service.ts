import {
  BadRequest,
  Conflict,
  type CreateQuestionInput,
  DASH_LIMITS,
  type DashQuestionResponse,
  type DashQuestionsResponse,
  NotFound,
  questionRefusal,
  type UpdateQuestionRequest,
} from "@onstage/domain";
import type { FeatureDeps } from "../../deps";
import { requireChildManager, requireEventManager } from "../access";
import { changeEvent } from "../event-updated";
import * as q from "./queries";

function checked(fields: q.QuestionFields): q.QuestionFields {
  const answers = fields.answers.map((a) => a.trim());
  const refusal = questionRefusal({ ...fields, answers });
  if (refusal) throw BadRequest(refusal);
  return { ...fields, answers };
}

export function dashQuestionsService(deps: Pick<FeatureDeps, "db" | "realtime">) {
  const { db } = deps;
  const managerOf = (userId: number, questionId: number) =>
    requireChildManager(db, userId, "custom_registration_fields", questionId, "question_not_found");

  async function answer(questionId: number): Promise<DashQuestionResponse> {
    const question = await q.findQuestion(db, questionId);
    if (!question) throw NotFound("question_not_found");
    return { question };
  }

  return {
    async create(userId: number, eventId: number, input: CreateQuestionInput): Promise<DashQuestionResponse> {
      await requireEventManager(db, userId, eventId);
      const fields = checked({ ...input, min: input.min ?? null, max: input.max ?? null });
      const id = await changeEvent(deps, eventId, async (tx) => {
        // Serialises concurrent additions, so the cap and the next order number hold.
        await q.lockEvent(tx, eventId);
        if ((await q.listQuestions(tx, eventId)).length >= DASH_LIMITS.questionsPerEventMax)
          throw Conflict("too_many_questions");
        return q.insertQuestion(tx, eventId, fields);
      });
      return answer(id);
    },

    /** The merged question is checked as a whole (a type change must bring valid options and bounds). */
    async update(
      userId: number,
      questionId: number,
      input: UpdateQuestionRequest,
    ): Promise<DashQuestionResponse> {
      const manager = await managerOf(userId, questionId);
      const current = await q.findQuestion(db, questionId);
      if (!current) throw NotFound("question_not_found");
      const fields = checked({
        type: input.type ?? current.type,
        question: input.question ?? current.question,
        isRequired: input.isRequired ?? current.isRequired,
        answers: input.answers ?? current.answers,
        min: input.min !== undefined ? input.min : current.min,
        max: input.max !== undefined ? input.max : current.max,
      });
      await changeEvent(deps, manager.id, (tx) => q.updateQuestion(tx, questionId, fields));
      return answer(questionId);
    },

    async remove(userId: number, questionId: number): Promise<void> {
      const manager = await managerOf(userId, questionId);
      await changeEvent(deps, manager.id, (tx) => q.softDeleteQuestion(tx, questionId));
    },

    /** The ids must be exactly the event's live questions; a stranger's or a deleted id is refused. */
    async reorder(userId: number, eventId: number, ids: number[]): Promise<DashQuestionsResponse> {
      await requireEventManager(db, userId, eventId);
      const questions = await changeEvent(deps, eventId, async (tx) => {
        await q.lockEvent(tx, eventId);
        const live = new Set((await q.listQuestions(tx, eventId)).map((question) => question.id));
        if (ids.length !== live.size || new Set(ids).size !== ids.length || !ids.every((id) => live.has(id)))
          throw BadRequest("invalid_question_order");
        await q.reorderQuestions(tx, eventId, ids);
        return q.listQuestions(tx, eventId);
      });
      return { questions };
    },
  };
}

export type DashQuestionsService = ReturnType<typeof dashQuestionsService>;
