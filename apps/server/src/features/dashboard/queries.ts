import type { EventRole, OrgRole } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// What the dashboard's access checks read (access.ts): the viewer's roles on a channel or an event.

/** The live channel and the viewer's role in it (null: not a member); null when there is no such channel. */
export async function findChannelRole(
  db: Queryable,
  channelId: number,
  userId: number,
): Promise<{ id: number; role: OrgRole | null } | null> {
  const [row] = await db.query<{ id: number; role: OrgRole | null }>(
    `SELECT o.id, om.role FROM organizations o
       LEFT JOIN organization_members om ON om.organization_id = o.id AND om.user_id = $2
      WHERE o.id = $1 AND o.deleted_at IS NULL`,
    [channelId, userId],
  );
  return row ?? null;
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

/** A live event of a live channel with the viewer's roles on both, and whether it is unlisted. */
export async function findEventWithRoles(
  db: Queryable,
  eventId: number,
  userId: number,
): Promise<(ManagedEvent & { isPrivate: boolean }) | null> {
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
  if (!row) return null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    eventCode: row.event_code,
    timezone: row.timezone,
    multiSession: row.multi_session,
    currency: row.event_ticket_currency,
    orgRole: row.org_role,
    eventRole: row.event_role,
    isPrivate: row.private,
  };
}

/** The tables whose rows belong to one event and are soft-deleted. */
export type EventChild = "video_sessions" | "event_tickets" | "coupons" | "custom_registration_fields";

/** The event a live row of `table` belongs to; null when the row is gone. */
export async function findChildEventId(db: Queryable, table: EventChild, id: number): Promise<number | null> {
  const [row] = await db.query<{ event_id: number }>(
    `SELECT event_id FROM ${table} WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return row?.event_id ?? null;
}
