import type { CustomFieldType, EventAccess, Registration } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// Typed SQL of registration; snake_case stays here.

export interface RegistrationEvent {
  id: number;
  organizationId: number;
  access: EventAccess;
  password: string | null;
  seatLimit: number | null;
  hideUnregister: boolean;
  isDeleted: boolean;
  isArchived: boolean;
}

export async function findEvent(db: Queryable, eventId: number): Promise<RegistrationEvent | null> {
  const [r] = await db.query<{
    id: number;
    organization_id: number;
    access: EventAccess;
    password: string | null;
    seat_limit: number | null;
    hide_unregister: boolean;
    is_deleted: boolean;
    is_archived: boolean;
  }>(
    `SELECT id, organization_id, access, password, seat_limit, hide_unregister,
            deleted_at IS NOT NULL AS is_deleted, archived_at IS NOT NULL AS is_archived
     FROM events WHERE id = $1`,
    [eventId],
  );
  if (!r) return null;
  return {
    id: r.id,
    organizationId: r.organization_id,
    access: r.access,
    password: r.password,
    seatLimit: r.seat_limit,
    hideUnregister: r.hide_unregister,
    isDeleted: r.is_deleted,
    isArchived: r.is_archived,
  };
}

interface RegistrationRow {
  id: number;
  event_id: number;
  ticket_id: number | null;
  amount_paid_cents: number;
  created_at: Date;
}
const REGISTRATION_COLUMNS = "id, event_id, ticket_id, amount_paid_cents, created_at";
const toRegistration = (r: RegistrationRow): Registration => ({
  id: r.id,
  eventId: r.event_id,
  ticketId: r.ticket_id,
  amountPaidCents: r.amount_paid_cents,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function findRegistration(
  db: Queryable,
  eventId: number,
  userId: number,
): Promise<Registration | null> {
  const [r] = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM event_registrations WHERE event_id = $1 AND user_id = $2`,
    [eventId, userId],
  );
  return r ? toRegistration(r) : null;
}

export interface NewRegistration {
  eventId: number;
  userId: number;
  ticketId: number | null;
  couponId: number | null;
  transactionId: number | null;
  checkoutSessionId: string | null;
  amountPaidCents: number;
  clipId: number | null;
  utm: Record<"utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content", string | null>;
}

/**
 * Null when the user is already registered (the unique (event_id, user_id) index holds it). Spec 1 §6:
 * guest is the default role, given with the registration; a user who holds a role keeps it.
 */
export async function insertRegistration(tx: Queryable, r: NewRegistration): Promise<Registration | null> {
  const [row] = await tx.query<RegistrationRow>(
    `WITH registration AS (
       INSERT INTO event_registrations (event_id, user_id, ticket_id, coupon_id, transaction_id,
         stripe_checkout_session_id, amount_paid_cents, clip_id,
         utm_source, utm_medium, utm_campaign, utm_term, utm_content)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (event_id, user_id) DO NOTHING
       RETURNING ${REGISTRATION_COLUMNS}
     ), guest AS (
       INSERT INTO events_users_roles (event_id, user_id, event_role)
       SELECT event_id, $2, 'guest' FROM registration
       ON CONFLICT (event_id, user_id) DO NOTHING
     )
     SELECT * FROM registration`,
    [
      r.eventId,
      r.userId,
      r.ticketId,
      r.couponId,
      r.transactionId,
      r.checkoutSessionId,
      r.amountPaidCents,
      r.clipId,
      r.utm.utm_source,
      r.utm.utm_medium,
      r.utm.utm_campaign,
      r.utm.utm_term,
      r.utm.utm_content,
    ],
  );
  return row ? toRegistration(row) : null;
}

export async function insertAnswers(
  tx: Queryable,
  registrationId: number,
  answers: readonly { fieldId: number; answer: string }[],
): Promise<void> {
  if (answers.length === 0) return;
  await tx.query(
    `INSERT INTO custom_registration_field_answers (registration_id, field_id, answer)
     SELECT $1, field_id, answer FROM unnest($2::bigint[], $3::text[]) AS a (field_id, answer)`,
    [registrationId, answers.map((a) => a.fieldId), answers.map((a) => a.answer)],
  );
}

export interface RegistrationQuestion {
  id: number;
  type: CustomFieldType;
  isRequired: boolean;
  answers: string[];
  min: number | null;
  max: number | null;
}

export async function listQuestions(db: Queryable, eventId: number): Promise<RegistrationQuestion[]> {
  const rows = await db.query<{
    id: number;
    type: CustomFieldType;
    is_required: boolean;
    answers: unknown;
    min: number | null;
    max: number | null;
  }>(
    `SELECT id, type, is_required, answers, min, max FROM custom_registration_fields
     WHERE event_id = $1 AND deleted_at IS NULL`,
    [eventId],
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    isRequired: r.is_required,
    answers: Array.isArray(r.answers) ? r.answers.filter((a): a is string => typeof a === "string") : [],
    min: r.min,
    max: r.max,
  }));
}

export async function isClipOfEvent(db: Queryable, clipId: number, eventId: number): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM clips WHERE id = $1 AND event_id = $2 AND deleted_at IS NULL", [
    clipId,
    eventId,
  ]);
  return rows.length > 0;
}

export async function hasMembershipVerification(
  db: Queryable,
  userId: number,
  eventId: number,
): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM membership_verifications WHERE user_id = $1 AND event_id = $2", [
    userId,
    eventId,
  ]);
  return rows.length > 0;
}

export async function recordMembershipVerification(
  db: Queryable,
  userId: number,
  eventId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO membership_verifications (user_id, event_id) VALUES ($1, $2)
     ON CONFLICT (event_id, user_id) DO UPDATE SET verified_at = now()`,
    [userId, eventId],
  );
}

/** Deletes the registration (answers cascade) and the guest role; other roles stay. */
export async function deleteRegistration(tx: Queryable, eventId: number, userId: number): Promise<boolean> {
  const removed = await tx.query(
    "DELETE FROM event_registrations WHERE event_id = $1 AND user_id = $2 RETURNING id",
    [eventId, userId],
  );
  const demoted = await tx.query(
    "DELETE FROM events_users_roles WHERE event_id = $1 AND user_id = $2 AND event_role = 'guest' RETURNING id",
    [eventId, userId],
  );
  return removed.length + demoted.length > 0;
}

/**
 * The channel's events a channel owner or admin may remove this user from: spec 1 §5 Remove Attendee
 * holds per event, so events where they hold a non-guest role or that hide unregistering are left out.
 */
export async function listRemovableChannelEvents(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT e.id FROM events e
     LEFT JOIN events_users_roles r ON r.event_id = e.id AND r.user_id = $2
     WHERE e.organization_id = $1 AND NOT e.hide_unregister
       AND (r.event_role IS NULL OR r.event_role = 'guest')
       AND (EXISTS (SELECT 1 FROM event_registrations g WHERE g.event_id = e.id AND g.user_id = $2)
            OR r.event_role = 'guest')
     ORDER BY e.id`,
    [organizationId, userId],
  );
  return rows.map((r) => r.id);
}
