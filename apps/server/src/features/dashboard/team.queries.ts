import type { OrgRole, TeamInvite, TeamMember, TeamRole } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

interface MemberRow {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: OrgRole;
}

const toMember = (r: MemberRow): TeamMember => ({
  userId: r.user_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
});

const MEMBER = `
  SELECT om.user_id, u.email, u.first_name, u.last_name, om.role
    FROM organization_members om JOIN users u ON u.id = om.user_id
   WHERE om.organization_id = $1`;

/** Owner first, then admins, then members, each by name. */
export async function listMembers(db: Queryable, organizationId: number): Promise<TeamMember[]> {
  const rows = await db.query<MemberRow>(
    `${MEMBER} ORDER BY CASE om.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END,
                        lower(u.first_name), lower(u.last_name), u.id`,
    [organizationId],
  );
  return rows.map(toMember);
}

export async function findMember(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<TeamMember | null> {
  const [row] = await db.query<MemberRow>(`${MEMBER} AND om.user_id = $2`, [organizationId, userId]);
  return row ? toMember(row) : null;
}

export async function setMemberRole(
  db: Queryable,
  input: { organizationId: number; userId: number; role: TeamRole },
): Promise<void> {
  await db.query(
    "UPDATE organization_members SET role = $3 WHERE organization_id = $1 AND user_id = $2 AND role <> 'owner'",
    [input.organizationId, input.userId, input.role],
  );
}

export async function deleteMember(db: Queryable, organizationId: number, userId: number): Promise<void> {
  await db.query(
    "DELETE FROM organization_members WHERE organization_id = $1 AND user_id = $2 AND role <> 'owner'",
    [organizationId, userId],
  );
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]);
  return row?.id ?? null;
}

/** Open team invitations of a channel: invite tokens not spent nor expired, carrying its id. */
export async function listInvites(db: Queryable, organizationId: number): Promise<TeamInvite[]> {
  const rows = await db.query<{ email: string; role: TeamRole; expires_at: Date }>(
    `SELECT email, payload->>'role' AS role, expires_at FROM auth_tokens
      WHERE purpose = 'invite' AND used_at IS NULL AND expires_at > now()
        AND payload @> jsonb_build_object('organizationId', $1::bigint)
      ORDER BY created_at DESC`,
    [organizationId],
  );
  return rows
    .filter((r) => r.role === "admin" || r.role === "member")
    .map((r) => ({ email: r.email, role: r.role, expiresAt: r.expires_at.toISOString() }));
}

/** Invitations a channel sent over the last day, spent or not (the mail throttle). */
export async function countRecentInvites(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth_tokens
      WHERE purpose = 'invite' AND created_at > now() - interval '1 day'
        AND payload @> jsonb_build_object('organizationId', $1::bigint)`,
    [organizationId],
  );
  return row?.n ?? 0;
}

export async function displayName(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.query<{ full_name: string; email: string }>(
    "SELECT full_name, email FROM users WHERE id = $1",
    [userId],
  );
  return row?.full_name || row?.email || "Someone";
}
