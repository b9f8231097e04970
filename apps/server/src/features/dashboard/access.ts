import {
  canManageEvent,
  type EventRole,
  Forbidden,
  NotFound,
  OnstageError,
  type OrgRole,
} from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// Who may touch what on the dashboard (issue 5 §1). Unknown or deleted rows are 404; rows that exist
// but are not the viewer's to manage are 403; nothing of them is read before the check passes.

interface ChannelAccess {
  channelId: number;
  orgRole: OrgRole | null;
}

/** The viewer's role in a live channel; 404 when the channel does not exist or was deleted. */
async function channelAccess(db: Queryable, userId: number, channelId: number): Promise<ChannelAccess> {
  const [row] = await db.query<{ id: number; role: OrgRole | null }>(
    `SELECT o.id, om.role FROM organizations o
       LEFT JOIN organization_members om ON om.organization_id = o.id AND om.user_id = $2
      WHERE o.id = $1 AND o.deleted_at IS NULL`,
    [channelId, userId],
  );
  if (!row) throw NotFound("channel_not_found");
  return { channelId: row.id, orgRole: row.role };
}

/** Any member of the channel (owner, admin or member); else 403. */
export async function requireChannelMember(db: Queryable, userId: number, channelId: number) {
  const access = await channelAccess(db, userId, channelId);
  if (access.orgRole === null) throw Forbidden();
  return { channelId: access.channelId, orgRole: access.orgRole };
}

export interface ManagedEvent {
  id: number;
  organizationId: number;
  eventCode: string;
  timezone: string;
  multiSession: boolean;
  currency: string;
  orgRole: OrgRole | null;
  eventRole: EventRole | null;
}

/** An event the viewer may manage (channel member, or the event's host, owner or admin). */
export async function requireEventManager(
  db: Queryable,
  userId: number,
  eventId: number,
): Promise<ManagedEvent> {
  const [row] = await db.query<{
    id: number;
    organization_id: number;
    event_code: string;
    timezone: string;
    multi_session: boolean;
    event_ticket_currency: string;
    org_role: OrgRole | null;
    event_role: EventRole | null;
    private: boolean;
  }>(
    `SELECT e.id, e.organization_id, e.event_code, e.timezone, e.multi_session, e.event_ticket_currency,
            om.role AS org_role, eur.event_role, e.private
       FROM events e
       JOIN organizations o ON o.id = e.organization_id AND o.deleted_at IS NULL
       LEFT JOIN organization_members om ON om.organization_id = e.organization_id AND om.user_id = $2
       LEFT JOIN events_users_roles eur ON eur.event_id = e.id AND eur.user_id = $2
      WHERE e.id = $1 AND e.deleted_at IS NULL`,
    [eventId, userId],
  );
  if (!row) throw NotFound("event_not_found");
  const actor = { orgRole: row.org_role, eventRole: row.event_role };
  // An unlisted event's existence is not told to outsiders (events/unlisted.ts): 404 like an unknown id.
  if (!canManageEvent(actor)) throw row.private ? NotFound("event_not_found") : Forbidden();
  return {
    id: row.id,
    organizationId: row.organization_id,
    eventCode: row.event_code,
    timezone: row.timezone,
    multiSession: row.multi_session,
    currency: row.event_ticket_currency,
    ...actor,
  };
}

/** The tables whose rows belong to one event and are soft-deleted. */
type EventChild = "video_sessions" | "event_tickets" | "coupons" | "custom_registration_fields";

/** The event a session, ticket, coupon or question belongs to, checked as above; 404 when it is gone. */
export async function requireChildManager(
  db: Queryable,
  userId: number,
  table: EventChild,
  id: number,
  notFoundCode: string,
): Promise<ManagedEvent> {
  const [row] = await db.query<{ event_id: number }>(
    `SELECT event_id FROM ${table} WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  if (!row) throw NotFound(notFoundCode);
  return requireEventManager(db, userId, row.event_id).catch((error: unknown) => {
    // The row exists but its event is gone: the row is gone too.
    throw error instanceof OnstageError && error.kind === "not_found" ? NotFound(notFoundCode) : error;
  });
}
