import type {
  CustomRegistrationField,
  EventAccess,
  EventCard,
  EventDetails,
  EventMetaPixel,
  Ticket,
} from "@onstage/domain";
import { type Queryable, statement } from "../../platform/database";

// Session dates ignore lobby sessions; "next" is the first session not ended whose slot has not passed.
const CARD_COLUMNS = `
  e.id, e.event_code, e.title, e.description, e.cover_photo, e.access, e.private, e.timezone,
  o.id AS org_id, o.name AS org_name, o.channel_name, o.profile_image,
  s.first_start, s.next_start, coalesce(s.is_live, false) AS is_live`;
const CARD_FROM = `
  FROM events e
  JOIN organizations o ON o.id = e.organization_id AND o.deleted_at IS NULL
  LEFT JOIN LATERAL (
    SELECT min(vs.time_scheduled) AS first_start,
           min(vs.time_scheduled) FILTER (
             WHERE vs.state <> 'ended' AND vs.time_scheduled + make_interval(mins => vs.duration_minutes) >= $1
           ) AS next_start,
           bool_or(vs.state = 'broadcasting') AS is_live
      FROM video_sessions vs
     WHERE vs.event_id = e.id AND vs.deleted_at IS NULL AND vs.session_type = 'regular'
  ) s ON true`;

interface CardRow {
  id: number;
  event_code: string;
  title: string;
  description: string;
  cover_photo: string | null;
  access: EventAccess;
  private: boolean;
  timezone: string;
  org_id: number;
  org_name: string;
  channel_name: string;
  profile_image: string | null;
  first_start: Date | null;
  next_start: Date | null;
  is_live: boolean;
}

function toCard(r: CardRow): EventCard {
  return {
    id: r.id,
    eventCode: r.event_code,
    title: r.title,
    description: r.description,
    coverPhoto: r.cover_photo,
    access: r.access,
    private: r.private,
    timezone: r.timezone,
    organization: {
      id: r.org_id,
      name: r.org_name,
      channelName: r.channel_name,
      profileImage: r.profile_image,
    },
    firstSessionStartDate: r.first_start?.toISOString() ?? null,
    nextSessionStartDate: r.next_start?.toISOString() ?? null,
    isLive: r.is_live,
  };
}

const LISTED = "e.private = false AND e.deleted_at IS NULL AND e.archived_at IS NULL";

export async function listUpcomingPublicEvents(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<EventCard[]> {
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} ${CARD_FROM}
      WHERE ${LISTED} AND (s.next_start IS NOT NULL OR s.is_live)
      ORDER BY s.is_live DESC, s.next_start ASC NULLS LAST, e.id
      LIMIT $2`,
    [now, limit],
  );
  return rows.map(toCard);
}

/** A channel page lists its public events: upcoming first (soonest first), then past (latest first). */
export async function listChannelEvents(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<EventCard[]> {
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} ${CARD_FROM}
      WHERE ${LISTED} AND e.organization_id = $2
      ORDER BY (s.next_start IS NULL AND NOT coalesce(s.is_live, false)), s.next_start ASC, s.first_start DESC NULLS LAST, e.id`,
    [now, organizationId],
  );
  return rows.map(toCard);
}

/** /my-events: these events, private ones included, but not deleted or archived; ordered as a channel page. */
export async function listEventCardsByIds(
  db: Queryable,
  eventIds: readonly number[],
  now: Date,
): Promise<EventCard[]> {
  if (eventIds.length === 0) return [];
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} ${CARD_FROM}
      WHERE e.id = ANY($2::bigint[]) AND e.deleted_at IS NULL AND e.archived_at IS NULL
      ORDER BY (s.next_start IS NULL AND NOT coalesce(s.is_live, false)), s.next_start ASC, s.first_start DESC NULLS LAST, e.id`,
    [now, eventIds],
  );
  return rows.map(toCard);
}

export interface EventRecord {
  details: EventDetails;
  organizationId: number;
  /** Spec 1 §9: organizations on a free trial or without a current subscription are not indexed. */
  subscriptionCurrent: boolean;
  onFreeTrial: boolean;
}

interface EventRow extends CardRow {
  timezone: string;
  password_protected: boolean;
  seat_limit: number | null;
  multi_session: boolean;
  disable_clipping: boolean;
  custom_register_button_text: string | null;
  event_ticket_currency: string;
  patreon_tier_amount_cents: number | null;
  hide_unregister: boolean;
  meta_pixel_id: string | null;
  meta_pixel_event_page_load: boolean;
  meta_pixel_event_registration_completed: boolean;
  archived_at: Date | null;
  deleted_at: Date | null;
  subscription_current: boolean;
  on_free_trial: boolean;
}

const EVENT_COLUMNS = `${CARD_COLUMNS}, e.timezone, e.password_protected, e.seat_limit, e.multi_session,
  e.disable_clipping, e.custom_register_button_text, e.event_ticket_currency, e.patreon_tier_amount_cents,
  e.hide_unregister, e.meta_pixel_id, e.meta_pixel_event_page_load, e.meta_pixel_event_registration_completed,
  e.archived_at, e.deleted_at,
  coalesce(sub.current, false) AS subscription_current, coalesce(sub.is_free_trial, false) AS on_free_trial`;
const EVENT_FROM = `${CARD_FROM}
  LEFT JOIN LATERAL (
    SELECT (su.end_date IS NULL OR su.end_date > $1) AND su.canceled_at IS NULL AS current, p.is_free_trial
      FROM subscriptions su JOIN plans p ON p.id = su.plan_id
     WHERE su.organization_id = o.id AND su.start_date <= $1
     ORDER BY su.start_date DESC LIMIT 1
  ) sub ON true`;

// Issue 14: the event page's tickets, questions and count ride on the event's own row (one round trip).
const EVENT_PAGE_BY_CODE = statement(
  "event_page_by_code",
  `SELECT ${EVENT_COLUMNS},
          (SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id) AS registered_count,
          -- Spec 1 §9 leaves the ticket comparator open: host order, then cheapest first (docs/decisions.md).
          (SELECT coalesce(json_agg(t ORDER BY t.sort_order, t.price_cents, t.id), '[]')
             FROM (SELECT id, title, description, price_type, price_cents, max_value_cents, sort_order
                     FROM event_tickets WHERE event_id = e.id AND deleted_at IS NULL) t) AS tickets,
          (SELECT coalesce(json_agg(f ORDER BY f."order", f.id), '[]')
             FROM (SELECT id, type, question, is_required AS "isRequired", "order", answers, min, max
                     FROM custom_registration_fields WHERE event_id = e.id AND deleted_at IS NULL) f) AS fields
     ${EVENT_FROM} WHERE e.event_code = $2`,
);

/** Issue 28 §5: the pixel goes to the page only when the event has one. */
const metaPixelOf = (r: EventRow): { metaPixel?: EventMetaPixel } =>
  r.meta_pixel_id === null
    ? {}
    : {
        metaPixel: {
          id: r.meta_pixel_id,
          eventPageLoad: r.meta_pixel_event_page_load,
          eventRegistrationCompleted: r.meta_pixel_event_registration_completed,
        },
      };

function toRecord(r: EventRow): EventRecord {
  const card = toCard(r);
  return {
    organizationId: r.org_id,
    subscriptionCurrent: r.subscription_current,
    onFreeTrial: r.on_free_trial,
    details: {
      id: card.id,
      eventCode: card.eventCode,
      title: card.title,
      description: card.description,
      coverPhoto: card.coverPhoto,
      timezone: r.timezone,
      access: card.access,
      private: card.private,
      passwordProtected: r.password_protected,
      seatLimit: r.seat_limit,
      multiSession: r.multi_session,
      disableClipping: r.disable_clipping,
      customRegisterButtonText: r.custom_register_button_text,
      eventTicketCurrency: r.event_ticket_currency,
      patreonTierAmountCents: r.patreon_tier_amount_cents,
      hideUnregister: r.hide_unregister,
      ...metaPixelOf(r),
      organization: card.organization,
      firstSessionStartDate: card.firstSessionStartDate,
      nextSessionStartDate: card.nextSessionStartDate,
      archivedAt: r.archived_at?.toISOString() ?? null,
      deletedAt: r.deleted_at?.toISOString() ?? null,
    },
  };
}

/** What the event page shows of the event itself, whoever asks. */
export interface EventPageRecord extends EventRecord {
  tickets: Ticket[];
  customRegistrationFields: CustomRegistrationField[];
  registeredCount: number;
}

export async function findEventPageByCode(
  db: Queryable,
  eventCode: string,
  now: Date,
): Promise<EventPageRecord | null> {
  const [r] = await db.query<
    EventRow & { registered_count: number; tickets: TicketRow[]; fields: CustomRegistrationField[] }
  >(EVENT_PAGE_BY_CODE, [now, eventCode]);
  if (!r) return null;
  return {
    ...toRecord(r),
    tickets: r.tickets.map(toTicket),
    customRegistrationFields: r.fields,
    registeredCount: r.registered_count,
  };
}

interface TicketRow {
  id: number;
  title: string;
  description: string;
  price_type: Ticket["price"]["type"];
  price_cents: number;
  max_value_cents: number;
}

const toTicket = (r: TicketRow): Ticket => ({
  id: r.id,
  title: r.title,
  description: r.description,
  price: { type: r.price_type, value: r.price_cents, maxValue: r.max_value_cents },
});

export async function countRegistrations(db: Queryable, eventId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM event_registrations WHERE event_id = $1",
    [eventId],
  );
  return row?.n ?? 0;
}
