import type { EventRole, OrgRole } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// Bans (spec 1 §3 ban record, §4 ban flow). One active ban of each kind per user (unique indexes):
// an event ban (shadow or not) per event, an organization ban per channel.

export interface BanTarget {
  orgRole: OrgRole | null;
  eventRole: EventRole | null;
}

/** The user's roles on the event's channel and the event; null when the user does not exist. */
export async function findBanTarget(
  db: Queryable,
  input: { userId: number; eventId: number; organizationId: number },
): Promise<BanTarget | null> {
  const [r] = await db.query<{ org_role: OrgRole | null; event_role: EventRole | null }>(
    `SELECT om.role AS org_role, eur.event_role FROM users u
       LEFT JOIN organization_members om ON om.organization_id = $3 AND om.user_id = u.id
       LEFT JOIN events_users_roles eur ON eur.event_id = $2 AND eur.user_id = u.id
      WHERE u.id = $1`,
    [input.userId, input.eventId, input.organizationId],
  );
  return r ? { orgRole: r.org_role, eventRole: r.event_role } : null;
}

export interface BanRow {
  id: number;
  isShadow: boolean;
}

/** The user's active event ban, locked. */
export async function lockEventBan(tx: Queryable, eventId: number, userId: number): Promise<BanRow | null> {
  const [r] = await tx.query<{ id: number; is_shadow: boolean }>(
    `SELECT id, is_shadow FROM bans WHERE event_id = $1 AND user_id = $2 AND active AND ban_type = 'event'
     FOR UPDATE`,
    [eventId, userId],
  );
  return r ? { id: r.id, isShadow: r.is_shadow } : null;
}

/** Inserts an active ban; null when an active ban of the same kind won a race (unique index). */
export async function insertBan(
  tx: Queryable,
  input: {
    userId: number;
    eventId: number | null;
    organizationId: number;
    bannedBy: number;
    banType: "event" | "organization";
    isShadow: boolean;
  },
): Promise<number | null> {
  const [r] = await tx.query<{ id: number }>(
    `INSERT INTO bans (user_id, event_id, organization_id, banned_by, ban_type, is_shadow)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
    [input.userId, input.eventId, input.organizationId, input.bannedBy, input.banType, input.isShadow],
  );
  return r?.id ?? null;
}

/** The user's active channel ban, if any. */
export async function findOrganizationBan(
  tx: Queryable,
  organizationId: number,
  userId: number,
): Promise<number | null> {
  const [r] = await tx.query<{ id: number }>(
    `SELECT id FROM bans WHERE organization_id = $1 AND user_id = $2 AND active AND ban_type = 'organization'`,
    [organizationId, userId],
  );
  return r?.id ?? null;
}

/** A shadow ban turned into a ban that removes (never the other way). */
export async function unshadowBan(tx: Queryable, banId: number): Promise<void> {
  await tx.query("UPDATE bans SET is_shadow = false WHERE id = $1", [banId]);
}

/** The live events of a channel: a channel ban evicts the user from every one. */
export async function channelEventIds(db: Queryable, organizationId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    "SELECT id FROM events WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY id",
    [organizationId],
  );
  return rows.map((r) => r.id);
}

/** A ban of this channel that applies to this event (its own event ban, or a channel ban). */
export async function findBanOf(
  db: Queryable,
  input: { banId: number; eventId: number; organizationId: number },
): Promise<{ id: number; banType: "event" | "organization"; active: boolean } | null> {
  const [r] = await db.query<{ id: number; ban_type: "event" | "organization"; active: boolean }>(
    `SELECT id, ban_type, active FROM bans
      WHERE id = $1 AND organization_id = $3 AND (ban_type = 'organization' OR event_id = $2)`,
    [input.banId, input.eventId, input.organizationId],
  );
  return r ? { id: r.id, banType: r.ban_type, active: r.active } : null;
}

export async function liftBan(db: Queryable, banId: number, removedBy: number): Promise<void> {
  await db.query(
    "UPDATE bans SET active = false, removed_at = now(), removed_by = $2 WHERE id = $1 AND active",
    [banId, removedBy],
  );
}
