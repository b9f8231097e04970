import type { Queryable } from "../../platform/database";

// event_code_grants: who opened an unlisted event by its code (grants.ts), and the one condition every
// read of an event by id makes against them.

/**
 * SQL that is true when event `e` may be reached by the opener: a listed event, a role on it or its channel,
 * a registration, or a grant. `$user` is the user id parameter, `$holders` the text[] of grants.ts `holders()`.
 */
export function reachableSql(e: string, user: string, grantHolders: string): string {
  return `(NOT ${e}.private
    OR EXISTS (SELECT 1 FROM events_users_roles rr WHERE rr.event_id = ${e}.id AND rr.user_id = ${user})
    OR EXISTS (SELECT 1 FROM organization_members rm
                WHERE rm.organization_id = ${e}.organization_id AND rm.user_id = ${user})
    OR EXISTS (SELECT 1 FROM event_registrations rg WHERE rg.event_id = ${e}.id AND rg.user_id = ${user})
    OR EXISTS (SELECT 1 FROM event_code_grants g WHERE g.event_id = ${e}.id AND g.holder = ANY(${grantHolders})))`;
}

/** SQL for `holders()` of a signed-in user without a browser key, from the SQL naming their id. */
export const userHoldersSql = (user: string) => `ARRAY['user:' || ${user}]`;

export async function isReachable(
  db: Queryable,
  eventId: number,
  userId: number | null,
  grantHolders: string[],
): Promise<boolean> {
  const [row] = await db.query<{ reachable: boolean }>(
    `SELECT ${reachableSql("e", "$2", "$3")} AS reachable FROM events e WHERE e.id = $1`,
    [eventId, userId, grantHolders],
  );
  return row?.reachable ?? false;
}

/** Grants the event to these holders (or renews their grant). */
export async function grant(db: Queryable, eventId: number, grantHolders: string[]): Promise<void> {
  await db.query(
    `INSERT INTO event_code_grants (event_id, holder) SELECT $1, unnest($2::text[])
     ON CONFLICT (event_id, holder) DO UPDATE SET opened_at = now()`,
    [eventId, grantHolders],
  );
}

/** Every event granted to `from` is granted to `to` too. */
export async function copyGrants(db: Queryable, from: string, to: string): Promise<void> {
  await db.query(
    `INSERT INTO event_code_grants (event_id, holder)
     SELECT event_id, $2 FROM event_code_grants WHERE holder = $1
     ON CONFLICT (event_id, holder) DO NOTHING`,
    [from, to],
  );
}
