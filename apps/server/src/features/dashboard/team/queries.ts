import type { OrgRole, TeamMember, TeamRole } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

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

export async function displayName(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.query<{ full_name: string; email: string }>(
    "SELECT full_name, email FROM users WHERE id = $1",
    [userId],
  );
  return row?.full_name || row?.email || "Someone";
}
