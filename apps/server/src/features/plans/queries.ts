import type { Queryable } from "../../platform/database";

// The channel's plan as the tables hold it (spec 2 §3 'Plan limit', organization limits), and its
// broadcast time: every stream counts from its on-air time (broadcast_started_at) to its end.

const MONTH_START = "(date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')";

/** The latest subscription of the organization `o` started by `now`, with its plan (a LATERAL join). */
const latestSubscription = (now: string) => `
  LEFT JOIN LATERAL (
    SELECT su.end_date, su.canceled_at, p.title, p.is_free_trial, p.total_monthly_hours,
           p.session_max_runtime_hours, p.live_attendee_limit
      FROM subscriptions su JOIN plans p ON p.id = su.plan_id
     WHERE su.organization_id = o.id AND su.start_date <= ${now}
     ORDER BY su.start_date DESC, su.id DESC LIMIT 1
  ) sub ON true`;

export interface PlanRow {
  /** Null: the channel never had a subscription. */
  subscription: { endDate: Date | null; canceledAt: Date | null } | null;
  plan: {
    title: string;
    isFreeTrial: boolean;
    totalMonthlyHours: number | null;
    sessionMaxRuntimeHours: number | null;
    liveAttendeeLimit: number | null;
  } | null;
  /** The channel's own limit (organizations.session_max_runtime_hours). */
  channelMaxRuntimeHours: number | null;
}

/** Null when the channel does not exist (or was deleted). */
export async function findPlanRow(db: Queryable, organizationId: number, now: Date): Promise<PlanRow | null> {
  const [row] = await db.query<{
    org_max: number | null;
    title: string | null;
    end_date: Date | null;
    canceled_at: Date | null;
    is_free_trial: boolean;
    total_monthly_hours: number | null;
    session_max_runtime_hours: number | null;
    live_attendee_limit: number | null;
  }>(
    `SELECT o.session_max_runtime_hours AS org_max, sub.*
       FROM organizations o ${latestSubscription("$2")}
      WHERE o.id = $1 AND o.deleted_at IS NULL`,
    [organizationId, now],
  );
  if (!row) return null;
  const hasPlan = row.title !== null;
  return {
    subscription: hasPlan ? { endDate: row.end_date, canceledAt: row.canceled_at } : null,
    plan: hasPlan
      ? {
          title: row.title ?? "",
          isFreeTrial: row.is_free_trial,
          totalMonthlyHours: row.total_monthly_hours,
          sessionMaxRuntimeHours: row.session_max_runtime_hours,
          liveAttendeeLimit: row.live_attendee_limit,
        }
      : null,
    channelMaxRuntimeHours: row.org_max,
  };
}

/**
 * Every UTC day of this month up to `now` with the channel's broadcast seconds in it: each stream from
 * its on-air time to its end (or deletion, or now), cut at day boundaries. 24-hour steps, not '1 day',
 * so a database session in a zone with DST still steps in UTC days. A day without spans sums nothing
 * (least/greatest would skip the LEFT JOIN's nulls and count the whole day).
 */
export async function listUsageByDay(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<{ date: string; seconds: number }[]> {
  const rows = await db.query<{ date: string; seconds: number }>(
    `WITH spans AS (
       SELECT greatest(s.broadcast_started_at, ${MONTH_START}) AS from_at,
              least(coalesce(s.broadcast_ended_at, s.deleted_at, $2), $2) AS to_at
         FROM video_session_streams s
         JOIN video_sessions vs ON vs.id = s.video_session_id
         JOIN events e ON e.id = vs.event_id
        WHERE e.organization_id = $1 AND s.broadcast_started_at IS NOT NULL
          AND s.broadcast_started_at < $2
          AND coalesce(s.broadcast_ended_at, s.deleted_at, $2) > ${MONTH_START}
     ), days AS (
       SELECT generate_series(${MONTH_START}, $2::timestamptz, interval '24 hours') AS day
     )
     SELECT to_char(d.day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
            coalesce(sum(CASE WHEN sp.from_at IS NOT NULL THEN extract(epoch FROM
              least(sp.to_at, d.day + interval '24 hours') - greatest(sp.from_at, d.day)) END), 0)::float8 AS seconds
       FROM days d
       LEFT JOIN spans sp ON sp.from_at < d.day + interval '24 hours' AND sp.to_at > d.day
      GROUP BY d.day ORDER BY d.day`,
    [organizationId, now],
  );
  return rows.map((r) => ({ date: r.date, seconds: Math.max(0, Number(r.seconds)) }));
}

/**
 * Broadcasting sessions whose on-air stream has run its maximum by `now` (the channel's own limit,
 * else its latest plan's).
 */
export async function listSessionsPastMaxRuntime(
  db: Queryable,
  now: Date,
): Promise<{ sessionId: number; eventId: number; streamId: number }[]> {
  const rows = await db.query<{ session_id: number; event_id: number; stream_id: number }>(
    `SELECT vs.id AS session_id, vs.event_id, s.id AS stream_id
       FROM video_sessions vs
       JOIN events e ON e.id = vs.event_id
       JOIN organizations o ON o.id = e.organization_id
       JOIN video_session_streams s ON s.video_session_id = vs.id AND s.deleted_at IS NULL
        AND s.broadcast_ended_at IS NULL AND s.broadcast_started_at IS NOT NULL
       ${latestSubscription("$1")}
      WHERE vs.state = 'broadcasting' AND vs.deleted_at IS NULL
        AND s.broadcast_started_at + make_interval(hours => coalesce(o.session_max_runtime_hours,
              sub.session_max_runtime_hours)) <= $1`,
    [now],
  );
  return rows.map((r) => ({
    sessionId: Number(r.session_id),
    eventId: Number(r.event_id),
    streamId: Number(r.stream_id),
  }));
}

// What the operator's PLANS_FILE writes (operator-file.ts).

/** Creates the plan or updates the one of that title; returns its id. */
export async function upsertPlan(
  tx: Queryable,
  plan: {
    title: string;
    totalMonthlyHours: number | null;
    sessionMaxRuntimeHours: number | null;
    liveAttendeeLimit: number | null;
  },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO plans (title, total_monthly_hours, session_max_runtime_hours, live_attendee_limit)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (title) DO UPDATE SET total_monthly_hours = $2, session_max_runtime_hours = $3,
       live_attendee_limit = $4
     RETURNING id`,
    [plan.title, plan.totalMonthlyHours, plan.sessionMaxRuntimeHours, plan.liveAttendeeLimit],
  );
  return Number(row?.id);
}

export async function setChannelMaxRuntime(
  tx: Queryable,
  organizationId: number,
  sessionMaxRuntimeHours: number | null,
): Promise<void> {
  await tx.query("UPDATE organizations SET session_max_runtime_hours = $2 WHERE id = $1", [
    organizationId,
    sessionMaxRuntimeHours,
  ]);
}

export async function findChannelIdByName(tx: Queryable, channelName: string): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    "SELECT id FROM organizations WHERE channel_name = $1 AND deleted_at IS NULL",
    [channelName],
  );
  return row ? Number(row.id) : null;
}

/** The channel's subscription that started last by `now`, or null. */
export async function findLatestSubscription(
  tx: Queryable,
  organizationId: number,
  now: Date,
): Promise<{ id: number; planId: number; endDate: Date | null; canceledAt: Date | null } | null> {
  const [row] = await tx.query<{
    id: number;
    plan_id: number;
    end_date: Date | null;
    canceled_at: Date | null;
  }>(
    `SELECT id, plan_id, end_date, canceled_at FROM subscriptions
      WHERE organization_id = $1 AND start_date <= $2 ORDER BY start_date DESC, id DESC LIMIT 1`,
    [organizationId, now],
  );
  return row
    ? { id: row.id, planId: Number(row.plan_id), endDate: row.end_date, canceledAt: row.canceled_at }
    : null;
}

export async function cancelSubscription(tx: Queryable, subscriptionId: number, at: Date): Promise<void> {
  await tx.query("UPDATE subscriptions SET canceled_at = $2 WHERE id = $1", [subscriptionId, at]);
}

export async function insertSubscription(
  tx: Queryable,
  s: { organizationId: number; planId: number; startDate: Date; endDate: Date | null },
): Promise<void> {
  await tx.query(
    "INSERT INTO subscriptions (organization_id, plan_id, start_date, end_date) VALUES ($1, $2, $3, $4)",
    [s.organizationId, s.planId, s.startDate, s.endDate],
  );
}
