import type { Queryable } from "../../platform/database";

// What session control reads beside the session row: the channel's plan and its followers.

/** The channel's latest started subscription (null when it never had one) and this month's broadcast time. */
export async function findPlanUsage(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<{
  subscription: { isCurrent: boolean; totalMonthlyHours: number | null } | null;
  broadcastSecondsThisMonth: number;
}> {
  const [row] = await db.query<{
    has_subscription: boolean;
    is_current: boolean;
    total_monthly_hours: number | null;
    seconds: number;
  }>(
    `SELECT sub.id IS NOT NULL AS has_subscription,
            coalesce(sub.is_current, false) AS is_current, sub.total_monthly_hours,
            (SELECT coalesce(sum(extract(epoch FROM
                      least(coalesce(s.broadcast_ended_at, s.deleted_at, $2), $2)
                      - greatest(s.broadcast_started_at, date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'))), 0)::float8
               FROM video_session_streams s JOIN video_sessions vs ON vs.id = s.video_session_id
               JOIN events e ON e.id = vs.event_id
              WHERE e.organization_id = $1 AND s.broadcast_started_at IS NOT NULL
                AND coalesce(s.broadcast_ended_at, s.deleted_at, $2)
                    > date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS seconds
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (
         SELECT su.id, (su.end_date IS NULL OR su.end_date > $2) AND su.canceled_at IS NULL AS is_current,
                p.total_monthly_hours
           FROM subscriptions su JOIN plans p ON p.id = su.plan_id
          WHERE su.organization_id = $1 AND su.start_date <= $2
          ORDER BY su.start_date DESC LIMIT 1
       ) sub ON true`,
    [organizationId, now],
  );
  return {
    subscription: row?.has_subscription
      ? { isCurrent: row.is_current, totalMonthlyHours: row.total_monthly_hours }
      : null,
    broadcastSecondsThisMonth: Math.max(0, row?.seconds ?? 0),
  };
}

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
}

/** What the go-live mail needs when its job runs; null when the user, session or event is gone. */
export async function findGoLiveMail(
  db: Queryable,
  input: { userId: number; sessionId: number },
): Promise<GoLiveMailInput | null> {
  const [row] = await db.query<GoLiveMailInput>(
    `SELECT u.email, u.first_name AS "firstName", e.title AS "eventTitle", e.event_code AS "eventCode",
            vs.title AS "sessionTitle", o.name AS "organizationName", e.private AS "isPrivate", vs.state
       FROM users u, video_sessions vs JOIN events e ON e.id = vs.event_id
       JOIN organizations o ON o.id = e.organization_id
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
