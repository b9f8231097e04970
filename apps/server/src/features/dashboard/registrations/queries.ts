import type { DashRegistration } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

interface RegistrationRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  created_at: Date;
  ticket_id: number | null;
  ticket_title: string | null;
  amount_paid_cents: number;
  coupon_name: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

export type RegistrationWithoutAnswers = Omit<DashRegistration, "answers">;

/** Newest first; `before` is the cursor (an id), `limit` null reads them all (the CSV export). */
export async function listRegistrations(
  db: Queryable,
  eventId: number,
  page: { before: number | null; limit: number | null },
): Promise<RegistrationWithoutAnswers[]> {
  const rows = await db.query<RegistrationRow>(
    `SELECT r.id, u.id AS user_id, u.first_name, u.last_name, u.email, r.created_at,
            t.id AS ticket_id, t.title AS ticket_title, r.amount_paid_cents, c.name AS coupon_name,
            r.utm_source, r.utm_medium, r.utm_campaign, r.utm_term, r.utm_content
       FROM event_registrations r
       JOIN users u ON u.id = r.user_id
       LEFT JOIN event_tickets t ON t.id = r.ticket_id
       LEFT JOIN coupons c ON c.id = r.coupon_id
      WHERE r.event_id = $1 AND ($2::bigint IS NULL OR r.id < $2)
      ORDER BY r.id DESC
      LIMIT $3`,
    [eventId, page.before, page.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
    createdAt: r.created_at.toISOString(),
    ticket: r.ticket_id !== null ? { id: r.ticket_id, title: r.ticket_title ?? "" } : null,
    amountPaidCents: r.amount_paid_cents,
    coupon: r.coupon_name,
    utmSource: r.utm_source,
    utmMedium: r.utm_medium,
    utmCampaign: r.utm_campaign,
    utmTerm: r.utm_term,
    utmContent: r.utm_content,
  }));
}

interface AnswerRow {
  registrationId: number;
  fieldId: number;
  question: string;
  answer: string;
}

export async function listAnswers(db: Queryable, registrationIds: readonly number[]): Promise<AnswerRow[]> {
  if (registrationIds.length === 0) return [];
  const rows = await db.query<{
    registration_id: number;
    field_id: number;
    question: string;
    answer: string;
  }>(
    `SELECT a.registration_id, a.field_id, f.question, a.answer
       FROM custom_registration_field_answers a
       JOIN custom_registration_fields f ON f.id = a.field_id
      WHERE a.registration_id = ANY($1::bigint[])
      ORDER BY f."order", f.id`,
    [registrationIds],
  );
  return rows.map((r) => ({
    registrationId: r.registration_id,
    fieldId: r.field_id,
    question: r.question,
    answer: r.answer,
  }));
}

export async function countRegistrations(db: Queryable, eventId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM event_registrations WHERE event_id = $1",
    [eventId],
  );
  return row?.n ?? 0;
}

/** Every time zone's offset is a multiple of 15 minutes, so each bucket falls within one local day. */
const BUCKET_MS = 15 * 60_000;

/** Registrations counted per 15-minute slot (epoch ms of the slot's start). */
export async function registrationBuckets(
  db: Queryable,
  eventId: number,
): Promise<{ startMs: number; count: number }[]> {
  const rows = await db.query<{ bucket: number; n: number }>(
    `SELECT floor(extract(epoch FROM created_at) / 900)::bigint AS bucket, count(*)::int AS n
       FROM event_registrations WHERE event_id = $1 GROUP BY 1 ORDER BY 1`,
    [eventId],
  );
  return rows.map((r) => ({ startMs: Number(r.bucket) * BUCKET_MS, count: r.n }));
}

/** The CSV's question columns: live questions in order, then removed ones that still hold answers. */
export async function listAnsweredQuestions(
  db: Queryable,
  eventId: number,
): Promise<{ id: number; question: string }[]> {
  return db.query<{ id: number; question: string }>(
    `SELECT f.id, f.question FROM custom_registration_fields f
      WHERE f.event_id = $1
        AND (f.deleted_at IS NULL OR EXISTS (SELECT 1 FROM custom_registration_field_answers a WHERE a.field_id = f.id))
      ORDER BY f.deleted_at IS NOT NULL, f."order", f.id`,
    [eventId],
  );
}
