import type { MyInvite, TeamInvite, TeamRole } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

// team_invites (migrations 012, 032): pending invitations to a channel's team, or to speak in sessions of
// one of its events (event_id set), by id.

export interface InviteRow {
  id: number;
  organization_id: number;
  event_id: number | null;
  video_session_ids: number[];
  email: string;
  role: TeamRole | "speaker";
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

interface InviteBase {
  id: number;
  organizationId: number;
  email: string;
  expiresAt: number;
  acceptedAt: number | null;
  revokedAt: number | null;
}

export interface TeamInviteRecord extends InviteBase {
  eventId: null;
  role: TeamRole;
}

export interface SpeakerInviteRecord extends InviteBase {
  eventId: number;
  role: "speaker";
  sessionIds: number[];
}

export type InviteRecord = TeamInviteRecord | SpeakerInviteRecord;

export const INVITE_COLUMNS =
  "id, organization_id, event_id, video_session_ids::int[], email, role, expires_at, accepted_at, revoked_at";

export function toRecord(r: InviteRow): InviteRecord {
  const base = {
    id: r.id,
    organizationId: r.organization_id,
    email: r.email,
    expiresAt: r.expires_at.getTime(),
    acceptedAt: r.accepted_at?.getTime() ?? null,
    revokedAt: r.revoked_at?.getTime() ?? null,
  };
  // Migration 032's check keeps the two kinds apart: no event and a team role, or an event and 'speaker'.
  return r.event_id === null
    ? { ...base, eventId: null, role: r.role as TeamRole }
    : { ...base, eventId: r.event_id, role: "speaker", sessionIds: r.video_session_ids };
}

export const toTeamInvite = (r: TeamInviteRecord): TeamInvite => ({
  id: r.id,
  email: r.email,
  role: r.role,
  expiresAt: new Date(r.expiresAt).toISOString(),
});

/** In a transaction, locked: an acceptance and a revocation of one invitation happen one after the other. */
export async function findInvite(
  db: Queryable,
  inviteId: number,
  { lock }: { lock: boolean },
): Promise<InviteRecord | null> {
  const [row] = await db.query<InviteRow>(
    `SELECT ${INVITE_COLUMNS} FROM team_invites WHERE id = $1 ${lock ? "FOR UPDATE" : ""}`,
    [inviteId],
  );
  return row ? toRecord(row) : null;
}

/** team_invites_open_idx (migration 032): one open invitation per channel, event (or none) and address. */
export const OPEN_INVITE_KEY =
  "(organization_id, (COALESCE(event_id, 0)), email) WHERE accepted_at IS NULL AND revoked_at IS NULL";

/** The channel's open invitation to the address, renewed (role, expiry), or a new one. */
export async function upsertInvite(
  db: Queryable,
  input: { organizationId: number; email: string; role: TeamRole; invitedBy: number; ttlMinutes: number },
): Promise<TeamInviteRecord> {
  const [row] = await db.query<InviteRow>(
    `INSERT INTO team_invites (organization_id, email, role, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 minute')
     ON CONFLICT ${OPEN_INVITE_KEY}
     DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by, expires_at = EXCLUDED.expires_at
     RETURNING ${INVITE_COLUMNS}`,
    [input.organizationId, input.email, input.role, input.invitedBy, input.ttlMinutes],
  );
  const record = row && toRecord(row);
  if (record?.eventId !== null) throw new Error("team invite upsert returned no team invitation");
  return record;
}

/** A resend gives the invitation its full time again. */
export async function renewInvite<T extends InviteRecord>(
  db: Queryable,
  invite: T,
  ttlMinutes: number,
): Promise<T> {
  const [row] = await db.query<{ expires_at: Date }>(
    `UPDATE team_invites SET expires_at = now() + $2 * interval '1 minute' WHERE id = $1 RETURNING expires_at`,
    [invite.id, ttlMinutes],
  );
  if (!row) throw new Error("invite renewal returned no row");
  return { ...invite, expiresAt: row.expires_at.getTime() };
}

export async function closeInvite(
  db: Queryable,
  inviteId: number,
  how: "accepted" | "revoked",
): Promise<void> {
  const column = how === "accepted" ? "accepted_at" : "revoked_at";
  await db.query(`UPDATE team_invites SET ${column} = now() WHERE id = $1`, [inviteId]);
  // Its mailed link dies with it.
  await db.query(
    `UPDATE auth_tokens SET used_at = now()
      WHERE purpose = 'invite' AND used_at IS NULL AND payload @> jsonb_build_object('inviteId', $1::bigint)`,
    [inviteId],
  );
}

/** Not accepted nor revoked; expired ones too, so the team can resend them. */
export async function listChannelInvites(db: Queryable, organizationId: number): Promise<TeamInvite[]> {
  const rows = await db.query<InviteRow>(
    `SELECT ${INVITE_COLUMNS} FROM team_invites
      WHERE organization_id = $1 AND event_id IS NULL AND accepted_at IS NULL AND revoked_at IS NULL
      ORDER BY created_at DESC, id DESC`,
    [organizationId],
  );
  return rows.flatMap((r) => {
    const record = toRecord(r);
    return record.eventId === null ? [toTeamInvite(record)] : [];
  });
}

/** Open team invitations to an address, from channels that still exist (a speaker's come by mail only). */
export async function listInvitesTo(db: Queryable, email: string): Promise<MyInvite[]> {
  const rows = await db.query<{
    id: number;
    organization_id: number;
    name: string;
    role: TeamRole;
    expires_at: Date;
  }>(
    `SELECT i.id, i.organization_id, o.name, i.role, i.expires_at
       FROM team_invites i JOIN organizations o ON o.id = i.organization_id AND o.deleted_at IS NULL
      WHERE i.email = $1 AND i.event_id IS NULL AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
      ORDER BY i.created_at DESC, i.id DESC`,
    [email],
  );
  return rows.map((r) => ({
    id: r.id,
    channelId: r.organization_id,
    channelName: r.name,
    role: r.role,
    expiresAt: r.expires_at.toISOString(),
  }));
}

/** Invitation mails a channel sent over the last day, speakers' and resends included (the mail throttle). */
export async function countRecentInviteMails(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth_tokens
      WHERE purpose = 'invite' AND created_at > now() - interval '1 day'
        AND payload @> jsonb_build_object('organizationId', $1::bigint)`,
    [organizationId],
  );
  return row?.n ?? 0;
}

/** Membership of a live channel; an existing membership is kept as it is. */
export async function joinChannel(
  db: Queryable,
  input: { organizationId: number; userId: number; role: TeamRole },
): Promise<void> {
  await db.query(
    `INSERT INTO organization_members (organization_id, user_id, role)
     SELECT id, $2, $3 FROM organizations WHERE id = $1 AND deleted_at IS NULL
     ON CONFLICT (organization_id, user_id) DO NOTHING`,
    [input.organizationId, input.userId, input.role],
  );
}
