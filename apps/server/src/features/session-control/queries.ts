import type { Queryable } from "../../platform/database";

// What session control reads beside the session row: the event's audience and the channel's followers.

/** Who a go-live may notify (spec 2 §4): the channel's follower count and whether the event is private. */
export async function findGoLiveAudience(
  db: Queryable,
  eventId: number,
): Promise<{ followerCount: number; isPrivate: boolean }> {
  const [row] = await db.query<{ followers: number; private: boolean }>(
    `SELECT (SELECT count(*)::int FROM followers f WHERE f.organization_id = e.organization_id) AS followers,
            e.private
       FROM events e WHERE e.id = $1`,
    [eventId],
  );
  return { followerCount: row?.followers ?? 0, isPrivate: row?.private ?? true };
}

/** The followers a go-live mail goes to. */
export async function listFollowerIds(db: Queryable, organizationId: number): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    "SELECT user_id FROM followers WHERE organization_id = $1 ORDER BY user_id",
    [organizationId],
  );
  return rows.map((r) => r.user_id);
}

export interface GoLiveMailInput {
  email: string;
  firstName: string;
  eventTitle: string;
  eventCode: string;
  sessionTitle: string;
  organizationName: string;
  isPrivate: boolean;
  state: string;
  organizationId: number;
  /** When the user began following the channel; null when they no longer do. */
  followedAt: Date | null;
}

/** What the go-live mail needs when its job runs; null when the user, session or event is gone. */
export async function findGoLiveMail(
  db: Queryable,
  input: { userId: number; sessionId: number },
): Promise<GoLiveMailInput | null> {
  const [row] = await db.query<GoLiveMailInput>(
    `SELECT u.email, u.first_name AS "firstName", e.title AS "eventTitle", e.event_code AS "eventCode",
            vs.title AS "sessionTitle", o.name AS "organizationName", e.private AS "isPrivate", vs.state,
            o.id::int AS "organizationId", f.created_at AS "followedAt"
       FROM users u CROSS JOIN video_sessions vs JOIN events e ON e.id = vs.event_id
       JOIN organizations o ON o.id = e.organization_id
       LEFT JOIN followers f ON f.organization_id = o.id AND f.user_id = u.id
      WHERE u.id = $1 AND vs.id = $2 AND vs.deleted_at IS NULL
        AND e.deleted_at IS NULL AND o.deleted_at IS NULL`,
    [input.userId, input.sessionId],
  );
  return row ?? null;
}

/** Spec 2 §4 'call the audience': whether the event has several sessions, and where the called one is. */
export async function findCalledSession(
  db: Queryable,
  sessionId: number,
): Promise<{ multiSession: boolean; urlHash: string; title: string } | null> {
  const [row] = await db.query<{ multiSession: boolean; urlHash: string; title: string }>(
    `SELECT e.multi_session AS "multiSession", vs.url_hash AS "urlHash",
            coalesce(nullif(vs.title, ''), e.title) AS title
       FROM video_sessions vs JOIN events e ON e.id = vs.event_id
      WHERE vs.id = $1`,
    [sessionId],
  );
  return row ?? null;
}
