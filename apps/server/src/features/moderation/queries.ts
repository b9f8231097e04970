import {
  BAN_REASON,
  type ChannelBan,
  type EventRole,
  type ModerationAction,
  type ModerationAuditEntry,
  type OrgRole,
} from "@onstage/domain";
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
    `INSERT INTO bans (user_id, event_id, organization_id, banned_by, ban_type, is_shadow, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
    [
      input.userId,
      input.eventId,
      input.organizationId,
      input.bannedBy,
      input.banType,
      input.isShadow,
      BAN_REASON,
    ],
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

/** A ban of this channel (a channel ban or one of its events'), whichever event it names. */
export async function findChannelBan(
  db: Queryable,
  input: { banId: number; organizationId: number },
): Promise<{ id: number; eventId: number | null; userId: number; active: boolean } | null> {
  const [r] = await db.query<{ id: number; event_id: number | null; user_id: number; active: boolean }>(
    "SELECT id, event_id, user_id, active FROM bans WHERE id = $1 AND organization_id = $2",
    [input.banId, input.organizationId],
  );
  return r ? { id: r.id, eventId: r.event_id, userId: r.user_id, active: r.active } : null;
}

/** The user a ban names (the audit's target). */
export async function banUserId(db: Queryable, banId: number): Promise<number> {
  const [r] = await db.query<{ user_id: number }>("SELECT user_id FROM bans WHERE id = $1", [banId]);
  if (!r) throw new Error(`ban ${banId} vanished`);
  return r.user_id;
}

interface ChannelBanRow {
  id: number;
  user_id: number;
  user_name: string;
  ban_type: "event" | "organization";
  is_shadow: boolean;
  event_id: number | null;
  event_title: string | null;
  banned_by: number | null;
  banned_by_name: string | null;
  created_at: Date;
}

/** Active bans of the channel, newest first, optionally by a name or e-mail fragment. */
export async function listChannelBans(
  db: Queryable,
  input: { organizationId: number; search: string | null; limit: number; offset: number },
): Promise<ChannelBan[]> {
  // The fragment is matched literally: LIKE's wildcards typed by the user are escaped.
  const pattern = input.search === null ? null : `%${input.search.replace(/[\\%_]/g, "\\$&")}%`;
  const rows = await db.query<ChannelBanRow>(
    `SELECT b.id, b.user_id, u.full_name AS user_name, b.ban_type, b.is_shadow, b.event_id,
            e.title AS event_title, b.banned_by, by_user.full_name AS banned_by_name, b.created_at
       FROM bans b
       JOIN users u ON u.id = b.user_id
       LEFT JOIN events e ON e.id = b.event_id
       LEFT JOIN users by_user ON by_user.id = b.banned_by
      WHERE b.organization_id = $1 AND b.active
        AND ($2::text IS NULL OR u.full_name ILIKE $2 OR u.email ILIKE $2)
      ORDER BY b.id DESC LIMIT $3 OFFSET $4`,
    [input.organizationId, pattern, input.limit, input.offset],
  );
  return rows.map((r) => ({
    banId: Number(r.id),
    user: { userId: Number(r.user_id), name: r.user_name },
    banType: r.ban_type,
    isShadow: r.is_shadow,
    event: r.event_id === null ? null : { id: Number(r.event_id), title: r.event_title ?? "" },
    bannedBy: r.banned_by === null ? null : { userId: Number(r.banned_by), name: r.banned_by_name ?? "" },
    createdAt: r.created_at.toISOString(),
  }));
}

/** The user's role record on the event, locked for the change. */
export async function lockEventRole(tx: Queryable, eventId: number, userId: number): Promise<void> {
  await tx.query("SELECT 1 FROM events_users_roles WHERE event_id = $1 AND user_id = $2 FOR UPDATE", [
    eventId,
    userId,
  ]);
}

/** Sets the role; a speaker also speaks in `sessionId` (an id of this event's sessions, or null). */
export async function setEventRole(
  tx: Queryable,
  input: { eventId: number; userId: number; role: EventRole; sessionId: number | null },
): Promise<void> {
  const sessions = input.role === "speaker" && input.sessionId !== null ? [input.sessionId] : [];
  await tx.query(
    `INSERT INTO events_users_roles (event_id, user_id, event_role, video_session_ids)
     VALUES ($1, $2, $3, $4::bigint[])
     ON CONFLICT (event_id, user_id) DO UPDATE
       SET event_role = EXCLUDED.event_role, updated_at = now(),
           video_session_ids = ARRAY(SELECT DISTINCT unnest(events_users_roles.video_session_ids || $4::bigint[]))`,
    [input.eventId, input.userId, input.role, sessions],
  );
}

/** Whether the session is one of the event's (a speaker's session must be). */
export async function sessionOfEvent(db: Queryable, sessionId: number, eventId: number): Promise<boolean> {
  const [r] = await db.query<{ id: number }>(
    "SELECT id FROM video_sessions WHERE id = $1 AND event_id = $2 AND deleted_at IS NULL",
    [sessionId, eventId],
  );
  return r !== undefined;
}

/** Spec 1 §5: a pending hand raise hides the role menu (any session of the event). */
export async function hasPendingHandRaise(db: Queryable, eventId: number, userId: number): Promise<boolean> {
  const [r] = await db.query<{ raised: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM video_session_intents i JOIN video_sessions s ON s.id = i.video_session_id
                     WHERE s.event_id = $1 AND i.user_id = $2 AND i.intent_type = 'hand_raised') AS raised`,
    [eventId, userId],
  );
  return r?.raised ?? false;
}

// Issue 12 item 7: the audit log of moderation actions, written in each action's own transaction.

export interface AuditInput {
  organizationId: number;
  eventId: number | null;
  actorId: number;
  targetUserId: number;
  action: ModerationAction;
  details?: Record<string, string | number | null>;
}

export async function recordAudit(tx: Queryable, input: AuditInput): Promise<void> {
  await tx.query(
    `INSERT INTO moderation_audit (organization_id, event_id, actor_id, target_user_id, action, details)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      input.organizationId,
      input.eventId,
      input.actorId,
      input.targetUserId,
      input.action,
      JSON.stringify(input.details ?? {}),
    ],
  );
}

interface AuditRow {
  id: number;
  action: ModerationAction;
  actor_id: number | null;
  actor_name: string | null;
  target_user_id: number | null;
  target_name: string | null;
  event_id: number | null;
  event_title: string | null;
  details: Record<string, string | number | null>;
  created_at: Date;
}

const person = (id: number | null, name: string | null) =>
  id === null ? null : { userId: Number(id), name: name ?? "" };

/** The channel's log, newest first; `limit` + 1 rows are read so the caller knows if more follow. */
export async function listAudit(
  db: Queryable,
  input: { organizationId: number; limit: number; offset: number },
): Promise<ModerationAuditEntry[]> {
  const rows = await db.query<AuditRow>(
    `SELECT a.id, a.action, a.actor_id, actor.full_name AS actor_name, a.target_user_id,
            target.full_name AS target_name, a.event_id, e.title AS event_title, a.details, a.created_at
       FROM moderation_audit a
       LEFT JOIN users actor ON actor.id = a.actor_id
       LEFT JOIN users target ON target.id = a.target_user_id
       LEFT JOIN events e ON e.id = a.event_id
      WHERE a.organization_id = $1
      ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [input.organizationId, input.limit, input.offset],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    actor: person(r.actor_id, r.actor_name),
    target: person(r.target_user_id, r.target_name),
    event: r.event_id === null ? null : { id: Number(r.event_id), title: r.event_title ?? "" },
    details: r.details,
    createdAt: r.created_at.toISOString(),
  }));
}
