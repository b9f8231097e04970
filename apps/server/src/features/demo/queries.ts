import type { Queryable } from "../../platform/database";

// The demo's own writes beside its rows (seed.ts inserts those with insertRow).

/** Serialises concurrent first starts of several nodes, until the transaction ends. */
export async function lockFirstStart(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(727002)");
}

export async function hasChannel(tx: Queryable): Promise<boolean> {
  const [existing] = await tx.query("SELECT 1 FROM organizations LIMIT 1");
  return existing !== undefined;
}

export async function insertEmailAccount(tx: Queryable, email: string, userId: number): Promise<void> {
  await tx.query("INSERT INTO accounts (email, provider, id, user_id) VALUES ($1, 'email', $1, $2)", [
    email,
    userId,
  ]);
}

export async function insertChannelMember(
  tx: Queryable,
  organizationId: number,
  userId: number,
  role: "owner" | "admin",
): Promise<void> {
  await tx.query("INSERT INTO organization_members (organization_id, user_id, role) VALUES ($1, $2, $3)", [
    organizationId,
    userId,
    role,
  ]);
}

export async function insertFollowers(
  tx: Queryable,
  organizationId: number,
  userIds: number[],
): Promise<void> {
  await tx.query("INSERT INTO followers (organization_id, user_id) SELECT $1, unnest($2::bigint[])", [
    organizationId,
    userIds,
  ]);
}
