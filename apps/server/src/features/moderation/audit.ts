import type { ModerationAction, ModerationAuditEntry } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

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
