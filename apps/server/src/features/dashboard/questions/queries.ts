import type { CustomFieldType, DashQuestion } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

interface QuestionRow {
  id: number;
  type: CustomFieldType;
  question: string;
  is_required: boolean;
  order: number;
  answers: string[];
  min: number | null;
  max: number | null;
}

const COLUMNS = `id, type, question, is_required, "order", answers, min, max`;

const toQuestion = (r: QuestionRow): DashQuestion => ({
  id: r.id,
  type: r.type,
  question: r.question,
  isRequired: r.is_required,
  order: r.order,
  answers: r.answers,
  min: r.min,
  max: r.max,
});

/** Locks the event's row until the transaction ends. */
export async function lockEvent(tx: Queryable, eventId: number): Promise<void> {
  await tx.query("SELECT id FROM events WHERE id = $1 FOR UPDATE", [eventId]);
}

export async function listQuestions(db: Queryable, eventId: number): Promise<DashQuestion[]> {
  const rows = await db.query<QuestionRow>(
    `SELECT ${COLUMNS} FROM custom_registration_fields WHERE event_id = $1 AND deleted_at IS NULL
      ORDER BY "order", id`,
    [eventId],
  );
  return rows.map(toQuestion);
}

export async function findQuestion(db: Queryable, questionId: number): Promise<DashQuestion | null> {
  const [row] = await db.query<QuestionRow>(
    `SELECT ${COLUMNS} FROM custom_registration_fields WHERE id = $1 AND deleted_at IS NULL`,
    [questionId],
  );
  return row ? toQuestion(row) : null;
}

export interface QuestionFields {
  type: CustomFieldType;
  question: string;
  isRequired: boolean;
  answers: string[];
  min: number | null;
  max: number | null;
}

const params = (q: QuestionFields) => [
  q.type,
  q.question,
  q.isRequired,
  JSON.stringify(q.answers),
  q.min,
  q.max,
];

/** A new question goes last (orders start at 1, spec 3 §7's numbering). */
export async function insertQuestion(db: Queryable, eventId: number, q: QuestionFields): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO custom_registration_fields (event_id, type, question, is_required, answers, min, max, "order")
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7,
             (SELECT coalesce(max("order"), 0) + 1 FROM custom_registration_fields
               WHERE event_id = $1 AND deleted_at IS NULL))
     RETURNING id`,
    [eventId, ...params(q)],
  );
  if (!row) throw new Error("question insert returned no row");
  return row.id;
}

export async function updateQuestion(db: Queryable, questionId: number, q: QuestionFields): Promise<void> {
  await db.query(
    `UPDATE custom_registration_fields
        SET type = $2, question = $3, is_required = $4, answers = $5::jsonb, min = $6, max = $7
      WHERE id = $1`,
    [questionId, ...params(q)],
  );
}

export async function softDeleteQuestion(db: Queryable, questionId: number): Promise<void> {
  await db.query(
    "UPDATE custom_registration_fields SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL",
    [questionId],
  );
}

/** Sets "order" to each id's position, starting at 1. */
export async function reorderQuestions(
  db: Queryable,
  eventId: number,
  ids: readonly number[],
): Promise<void> {
  await db.query(
    `UPDATE custom_registration_fields f SET "order" = o.position
       FROM unnest($2::bigint[]) WITH ORDINALITY AS o(id, position)
      WHERE f.id = o.id AND f.event_id = $1`,
    [eventId, ids],
  );
}
