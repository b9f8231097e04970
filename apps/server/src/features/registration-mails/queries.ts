import type { Queryable } from "../../platform/database";

/** What the registration mails say, read when they are sent (never a stale copy from the job). */
export interface MailRegistration {
  id: number;
  eventId: number;
  email: string;
  firstName: string;
  /** The attendee's zone, else the event's (docs/decisions.md "Registration mails"). */
  timeZone: string;
  eventCode: string;
  title: string;
  description: string;
  multiSession: boolean;
  organizationName: string;
  ticketTitle: string | null;
  couponName: string | null;
  /** The paid ticket's transaction; null for a free registration. */
  payment: { amountCents: number; currency: string } | null;
}

interface MailRegistrationRow {
  id: number;
  event_id: number;
  email: string;
  first_name: string;
  time_zone: string;
  event_code: string;
  title: string;
  description: string;
  multi_session: boolean;
  organization_name: string;
  ticket_title: string | null;
  coupon_name: string | null;
  amount_cents: number | null;
  currency: string | null;
}

/** The registration, if it still stands on an event that still exists. */
export async function findMailRegistration(
  db: Queryable,
  registrationId: number,
): Promise<MailRegistration | null> {
  const [r] = await db.query<MailRegistrationRow>(
    `SELECT r.id, r.event_id, u.email, u.first_name, COALESCE(u.time_zone, e.timezone) AS time_zone,
            e.event_code, e.title, e.description, e.multi_session, o.name AS organization_name,
            t.title AS ticket_title, c.name AS coupon_name, tx.amount_cents, tx.currency
     FROM event_registrations r
     JOIN users u ON u.id = r.user_id
     JOIN events e ON e.id = r.event_id AND e.deleted_at IS NULL
     JOIN organizations o ON o.id = e.organization_id
     LEFT JOIN event_tickets t ON t.id = r.ticket_id
     LEFT JOIN coupons c ON c.id = r.coupon_id
     LEFT JOIN transactions tx ON tx.id = r.transaction_id
     WHERE r.id = $1`,
    [registrationId],
  );
  if (!r) return null;
  return {
    id: r.id,
    eventId: r.event_id,
    email: r.email,
    firstName: r.first_name,
    timeZone: r.time_zone,
    eventCode: r.event_code,
    title: r.title,
    description: r.description,
    multiSession: r.multi_session,
    organizationName: r.organization_name,
    ticketTitle: r.ticket_title,
    couponName: r.coupon_name,
    payment:
      r.amount_cents === null || r.currency === null
        ? null
        : { amountCents: r.amount_cents, currency: r.currency },
  };
}

/** Remembers the zone the attendee's browser reported (the latest wins: people travel). */
export async function rememberTimeZone(tx: Queryable, userId: number, timeZone: string): Promise<void> {
  await tx.query("UPDATE users SET time_zone = $2 WHERE id = $1", [userId, timeZone]);
}

/** The registrations of a regular, upcoming session's event, with the session's start. */
export async function findSessionAttendees(
  tx: Queryable,
  sessionId: number,
): Promise<{ registrationId: number; startsAt: number }[]> {
  const rows = await tx.query<{ registration_id: number; time_scheduled: Date }>(
    `SELECT r.id AS registration_id, s.time_scheduled
     FROM video_sessions s JOIN event_registrations r ON r.event_id = s.event_id
     WHERE s.id = $1 AND s.deleted_at IS NULL AND s.session_type = 'regular' AND s.state <> 'ended'`,
    [sessionId],
  );
  return rows.map((r) => ({ registrationId: r.registration_id, startsAt: r.time_scheduled.getTime() }));
}
