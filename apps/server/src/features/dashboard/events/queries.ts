import type { DashEvent, DashEventSummary, EventAccess } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";
import { iso } from "../../../platform/database/rows";

// Session dates count regular sessions only (as the event pages do); the count includes lobbies.
const SESSIONS = `
  LEFT JOIN LATERAL (
    SELECT min(vs.time_scheduled) FILTER (WHERE vs.session_type = 'regular') AS first_start,
           min(vs.time_scheduled) FILTER (
             WHERE vs.session_type = 'regular' AND vs.state <> 'ended'
               AND vs.time_scheduled + make_interval(mins => vs.duration_minutes) >= $2
           ) AS next_start,
           coalesce(bool_or(vs.state = 'broadcasting'), false) AS is_live,
           count(*)::int AS session_count
      FROM video_sessions vs
     WHERE vs.event_id = e.id AND vs.deleted_at IS NULL
  ) s ON true`;

const REGISTERED =
  "(SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id) AS registered_count";

interface SummaryRow {
  id: number;
  event_code: string;
  title: string;
  cover_photo: string | null;
  timezone: string;
  access: EventAccess;
  private: boolean;
  password_protected: boolean;
  seat_limit: number | null;
  multi_session: boolean;
  created_at: Date;
  archived_at: Date | null;
  first_start: Date | null;
  next_start: Date | null;
  is_live: boolean;
  session_count: number;
  registered_count: number;
}

/** Every event of the channel but deleted ones: live and upcoming (soonest first), then past (latest first), archived last. */
export async function listChannelEvents(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<DashEventSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT e.id, e.event_code, e.title, e.cover_photo, e.timezone, e.access, e.private, e.password_protected,
            e.seat_limit, e.multi_session, e.created_at, e.archived_at,
            s.first_start, s.next_start, s.is_live, s.session_count, ${REGISTERED}
       FROM events e ${SESSIONS}
      WHERE e.organization_id = $1 AND e.deleted_at IS NULL
      ORDER BY e.archived_at IS NOT NULL, (s.next_start IS NULL AND NOT s.is_live), s.next_start,
               s.first_start DESC NULLS LAST, e.id DESC`,
    [organizationId, now],
  );
  return rows.map((r) => ({
    id: r.id,
    eventCode: r.event_code,
    title: r.title,
    coverPhoto: r.cover_photo,
    timezone: r.timezone,
    access: r.access,
    private: r.private,
    passwordProtected: r.password_protected,
    seatLimit: r.seat_limit,
    multiSession: r.multi_session,
    firstSessionStartDate: iso(r.first_start),
    nextSessionStartDate: iso(r.next_start),
    isLive: r.is_live,
    sessionCount: r.session_count,
    registeredCount: r.registered_count,
    createdAt: r.created_at.toISOString(),
    archivedAt: iso(r.archived_at),
  }));
}

export interface NewEvent {
  organizationId: number;
  eventCode: string;
  title: string;
  description: string;
  timezone: string;
  access: EventAccess;
  private: boolean;
  password: string | null;
  seatLimit: number | null;
  customRegisterButtonText: string | null;
  multiSession: boolean;
  eventTicketCurrency: string;
  patreonTierAmountCents: number | null;
  hideUnregister: boolean;
  createdBy: number;
}

/** Null when the event code is taken (the caller draws another). */
export async function insertEvent(db: Queryable, e: NewEvent): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO events (organization_id, event_code, title, description, timezone, access, private, password,
                         seat_limit, custom_register_button_text, multi_session, event_ticket_currency,
                         patreon_tier_amount_cents, hide_unregister, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (event_code) DO NOTHING RETURNING id`,
    [
      e.organizationId,
      e.eventCode,
      e.title,
      e.description,
      e.timezone,
      e.access,
      e.private,
      e.password,
      e.seatLimit,
      e.customRegisterButtonText,
      e.multiSession,
      e.eventTicketCurrency,
      e.patreonTierAmountCents,
      e.hideUnregister,
      e.createdBy,
    ],
  );
  return row?.id ?? null;
}

export async function insertHostRole(db: Queryable, eventId: number, userId: number): Promise<void> {
  await db.query(
    `INSERT INTO events_users_roles (event_id, user_id, event_role) VALUES ($1, $2, 'host')
     ON CONFLICT (event_id, user_id) DO UPDATE SET event_role = 'host', updated_at = now()`,
    [eventId, userId],
  );
}

interface EventRow {
  id: number;
  event_code: string;
  title: string;
  description: string;
  cover_photo: string | null;
  timezone: string;
  access: EventAccess;
  private: boolean;
  password: string | null;
  seat_limit: number | null;
  custom_register_button_text: string | null;
  multi_session: boolean;
  event_ticket_currency: string;
  patreon_tier_amount_cents: number | null;
  hide_unregister: boolean;
  meta_pixel_id: string | null;
  meta_pixel_event_page_load: boolean;
  meta_pixel_event_registration_completed: boolean;
  org_id: number;
  org_name: string;
  channel_name: string;
  profile_image: string | null;
  registered_count: number;
  created_at: Date;
  archived_at: Date | null;
}

export async function findDashEvent(db: Queryable, eventId: number): Promise<DashEvent | null> {
  const [r] = await db.query<EventRow>(
    `SELECT e.id, e.event_code, e.title, e.description, e.cover_photo, e.timezone, e.access, e.private,
            e.password, e.seat_limit, e.custom_register_button_text, e.multi_session, e.event_ticket_currency,
            e.patreon_tier_amount_cents, e.hide_unregister, e.meta_pixel_id, e.meta_pixel_event_page_load,
            e.meta_pixel_event_registration_completed, e.created_at, e.archived_at,
            o.id AS org_id, o.name AS org_name, o.channel_name, o.profile_image, ${REGISTERED}
       FROM events e JOIN organizations o ON o.id = e.organization_id
      WHERE e.id = $1 AND e.deleted_at IS NULL`,
    [eventId],
  );
  if (!r) return null;
  return {
    id: r.id,
    eventCode: r.event_code,
    title: r.title,
    description: r.description,
    coverPhoto: r.cover_photo,
    timezone: r.timezone,
    access: r.access,
    private: r.private,
    password: r.password,
    seatLimit: r.seat_limit,
    customRegisterButtonText: r.custom_register_button_text,
    multiSession: r.multi_session,
    eventTicketCurrency: r.event_ticket_currency,
    patreonTierAmountCents: r.patreon_tier_amount_cents,
    hideUnregister: r.hide_unregister,
    metaPixelId: r.meta_pixel_id,
    metaPixelEventPageLoad: r.meta_pixel_event_page_load,
    metaPixelEventRegistrationCompleted: r.meta_pixel_event_registration_completed,
    organization: {
      id: r.org_id,
      name: r.org_name,
      channelName: r.channel_name,
      profileImage: r.profile_image,
    },
    registeredCount: r.registered_count,
    createdAt: r.created_at.toISOString(),
    archivedAt: iso(r.archived_at),
  };
}

/** The event's access and patreon tier as stored, to check an update against the whole event. */
export async function findEventSettings(db: Queryable, eventId: number) {
  const [r] = await db.query<{ access: EventAccess; patreon_tier_amount_cents: number | null }>(
    "SELECT access, patreon_tier_amount_cents FROM events WHERE id = $1",
    [eventId],
  );
  return r ? { access: r.access, patreonTierAmountCents: r.patreon_tier_amount_cents } : null;
}

/** Whether a session of the event is in the greenroom or on air. */
export async function hasLiveSession(db: Queryable, eventId: number): Promise<boolean> {
  const [r] = await db.query<{ live: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM video_sessions WHERE event_id = $1 AND deleted_at IS NULL
                      AND state IN ('greenroom', 'broadcasting')) AS live`,
    [eventId],
  );
  return r?.live ?? false;
}

/** Archives the event (keeping the first archiving's time) or brings it back. */
export async function setArchived(tx: Queryable, eventId: number, archived: boolean): Promise<void> {
  await tx.query(
    `UPDATE events SET archived_at = ${archived ? "coalesce(archived_at, now())" : "NULL"}, updated_at = now()
      WHERE id = $1`,
    [eventId],
  );
}

export async function softDeleteEvent(tx: Queryable, eventId: number): Promise<void> {
  await tx.query(
    "UPDATE events SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL",
    [eventId],
  );
}
