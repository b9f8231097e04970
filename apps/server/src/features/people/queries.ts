import type { EventRole, RegisteredUserFilter, RegisteredUserRow } from "@onstage/domain";
import { banIdSql } from "../../kernel/bans/queries";
import type { Queryable } from "../../platform/database";

// Spec 1 §7 registered users: everyone with a registration or an event role, and the channel's members
// who came to the session, with their presence in one session, filtered, sorted and paged in SQL (spec 1 §9: on-stage first, then live, then latest
// updated, then name). search_event_users_fts is the GIN-indexed users.search_vector.

/** Spec 1 §6 filters, as SQL over the `rows` columns (fixed strings, never user input). */
const FILTER_SQL: Record<RegisteredUserFilter, string> = {
  all: "true",
  // docs/decisions.md: 'live' includes on-stage users.
  live: "is_live",
  on_stage: "is_on_stage",
  // Spec 1 §6: the 'hosts' group is host and owner; a channel member is a host of every event (HOST).
  hosts: "(event_role IN ('host', 'owner') OR is_org_member)",
  moderators: "event_role = 'moderator'",
};

/**
 * A prefix query over every typed word ("ali smi" finds Alice Smith), for to_tsquery('simple', …);
 * quotes make each word a literal, so no operator typed by a visitor reaches the parser. Null when
 * nothing searchable is left.
 */
export function prefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .replace(/['\\]/g, " ")
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((word) => `'${word}':*`).join(" & ");
}

export interface RegisteredUsersInput {
  eventId: number;
  organizationId: number;
  sessionId: number;
  liveSince: Date;
  filter: RegisteredUserFilter;
  /** A prefixQuery, or null for no search. */
  query: string | null;
  /** Whether the search may match e-mail addresses (the team only). */
  searchEmails: boolean;
  /** Whether to say who is banned (the team only). */
  showBans: boolean;
  limit: number;
  offset: number;
}

interface Row {
  total: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
  event_role: EventRole;
  is_org_member: boolean;
  is_live: boolean;
  is_on_stage: boolean;
  updated_at: Date;
  ban_id: number | null;
}

export async function registeredUsers(
  db: Queryable,
  input: RegisteredUsersInput,
): Promise<{ users: RegisteredUserRow[]; total: number }> {
  const rows = await db.query<Row>(
    `WITH people AS (
       SELECT coalesce(r.user_id, g.user_id, m.user_id) AS user_id,
              coalesce(r.event_role, 'guest') AS event_role,
              coalesce(r.updated_at, g.created_at, m.updated_at) AS updated_at
         FROM (SELECT user_id, event_role, updated_at FROM events_users_roles WHERE event_id = $1) r
         FULL JOIN (SELECT user_id, created_at FROM event_registrations WHERE event_id = $1) g
           ON g.user_id = r.user_id
         FULL JOIN (SELECT om.user_id, v.updated_at FROM organization_members om
                      JOIN video_session_users v ON v.video_session_id = $2 AND v.user_id = om.user_id
                     WHERE om.organization_id = $4) m
           ON m.user_id = coalesce(r.user_id, g.user_id)
     ), rows AS (
       SELECT p.user_id, p.event_role, p.updated_at, u.first_name, u.last_name, u.profile_photo, u.full_name,
              EXISTS (SELECT 1 FROM organization_members om
                       WHERE om.organization_id = $4 AND om.user_id = p.user_id) AS is_org_member,
              coalesce(v.state <> 'offline' AND v.last_seen >= $3, false) AS is_live,
              coalesce(v.state = 'on_stage' AND v.last_seen >= $3, false) AS is_on_stage,
              CASE WHEN $5::boolean
                   THEN ${banIdSql({ user: "p.user_id", event: "$1", organization: "$4" })} END AS ban_id
         FROM people p JOIN users u ON u.id = p.user_id
         LEFT JOIN video_session_users v ON v.video_session_id = $2 AND v.user_id = p.user_id
        WHERE $6::text IS NULL
           OR (u.search_vector @@ to_tsquery('simple', $6::text)
               AND ($7::boolean
                    OR to_tsvector('simple', u.first_name || ' ' || u.last_name) @@ to_tsquery('simple', $6::text)))
     ), filtered AS (
       SELECT * FROM rows WHERE ${FILTER_SQL[input.filter]}
     )
     SELECT t.total, f.* FROM (SELECT count(*)::int AS total FROM filtered) t
       LEFT JOIN LATERAL (
         SELECT * FROM filtered
          ORDER BY is_on_stage DESC, is_live DESC, updated_at DESC, lower(full_name), user_id
          LIMIT $8 OFFSET $9
       ) f ON true
      ORDER BY f.is_on_stage DESC, f.is_live DESC, f.updated_at DESC, lower(f.full_name), f.user_id`,
    [
      input.eventId,
      input.sessionId,
      input.liveSince,
      input.organizationId,
      input.showBans,
      input.query,
      input.searchEmails,
      input.limit,
      input.offset,
    ],
  );
  const users = rows
    .filter((r): r is Row & { user_id: number } => r.user_id !== null)
    .map((r) => ({
      userId: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profilePhoto: r.profile_photo,
      eventRole: r.event_role,
      isOrgMember: r.is_org_member,
      isLive: r.is_live,
      isOnStage: r.is_on_stage,
      updatedAt: r.updated_at.toISOString(),
      isBanned: r.ban_id !== null,
      banId: r.ban_id === null ? null : Number(r.ban_id),
    }));
  return { users, total: rows[0]?.total ?? 0 };
}
