import type { LiveUser, PresenceState } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { TOPIC_SEQ_SQL } from "../../platform/realtime/queries";

// video_session_users (spec 1 §3, spec 2 §3): `updated_at` is when the state last changed, `last_seen`
// the latest heartbeat. A user is live while not offline and seen within PRESENCE_LIVE_WINDOW_MS.

const LIVE_USER_COLUMNS = `
  v.user_id, v.video_session_id, v.state, v.last_seen, v.idle_since IS NOT NULL AS idle,
  u.first_name, u.last_name, u.profile_photo`;

interface LiveUserRow {
  user_id: number;
  video_session_id: number;
  state: PresenceState;
  last_seen: Date;
  idle: boolean;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
}

const toLiveUser = (r: LiveUserRow): LiveUser => ({
  userId: r.user_id,
  sessionId: r.video_session_id,
  state: r.state,
  lastSeen: r.last_seen.toISOString(),
  idle: r.idle,
  firstName: r.first_name,
  lastName: r.last_name,
  profilePhoto: r.profile_photo,
});

export interface PresenceRow {
  state: PresenceState;
  lastSeen: number;
  updatedAt: number;
  activeBrowserId: string | null;
  /** Epoch ms of the active tab's latest heartbeat (or claim). */
  activeBrowserSeenAt: number | null;
}

/** The user's row in the session, locked until the transaction ends; null when there is none. */
export async function lockPresence(
  tx: Queryable,
  sessionId: number,
  userId: number,
): Promise<PresenceRow | null> {
  const [r] = await tx.query<{
    state: PresenceState;
    last_seen: Date;
    updated_at: Date;
    active_browser_id: string | null;
    active_browser_seen: Date | null;
  }>(
    `SELECT state, last_seen, updated_at, active_browser_id, active_browser_seen FROM video_session_users
      WHERE video_session_id = $1 AND user_id = $2 FOR UPDATE`,
    [sessionId, userId],
  );
  return r
    ? {
        state: r.state,
        lastSeen: r.last_seen.getTime(),
        updatedAt: r.updated_at.getTime(),
        activeBrowserId: r.active_browser_id,
        activeBrowserSeenAt: r.active_browser_seen?.getTime() ?? null,
      }
    : null;
}

/** Spec 1 §4: a heartbeat of the active tab keeps its claim fresh; another tab's heartbeat does nothing. */
export async function touchActiveBrowser(
  tx: Queryable,
  input: { sessionId: number; userId: number; browserId: string; at: Date },
): Promise<void> {
  await tx.query(
    `UPDATE video_session_users SET active_browser_seen = greatest(active_browser_seen, $4)
      WHERE video_session_id = $1 AND user_id = $2 AND active_browser_id = $3`,
    [input.sessionId, input.userId, input.browserId, input.at],
  );
}

/** Writes a state change (a join, a return, a leave) seen at `at`. */
export async function writeState(
  tx: Queryable,
  input: { sessionId: number; userId: number; state: PresenceState; at: Date; joined: boolean },
): Promise<LiveUser> {
  const [r] = await tx.query<LiveUserRow>(
    `WITH v AS (
       INSERT INTO video_session_users AS t (video_session_id, user_id, state, last_seen, joined_session, updated_at)
       VALUES ($1, $2, $3, $4, $4, $4)
       ON CONFLICT (video_session_id, user_id) DO UPDATE
         SET state = EXCLUDED.state,
             last_seen = CASE WHEN $5 THEN greatest(t.last_seen, EXCLUDED.last_seen) ELSE t.last_seen END,
             joined_session = CASE WHEN $5 AND t.state = 'offline' THEN EXCLUDED.joined_session
                                   ELSE t.joined_session END,
             updated_at = EXCLUDED.updated_at,
             idle_since = CASE WHEN EXCLUDED.state = 'offline' THEN NULL ELSE t.idle_since END
       RETURNING *
     )
     SELECT ${LIVE_USER_COLUMNS} FROM v JOIN users u ON u.id = v.user_id`,
    [input.sessionId, input.userId, input.state, input.at, input.joined],
  );
  if (!r) throw new Error("presence row not written");
  return toLiveUser(r);
}

/** A heartbeat of a user already live: only last_seen moves, nobody is told. */
export async function touch(tx: Queryable, sessionId: number, userId: number, at: Date): Promise<void> {
  await tx.query(
    `UPDATE video_session_users SET last_seen = greatest(last_seen, $3)
      WHERE video_session_id = $1 AND user_id = $2`,
    [sessionId, userId, at],
  );
}

/**
 * Issue 29 §2: a live user became idle (since `at`) or active again; returns the row when that changed
 * (an offline user has no idleness to change).
 */
export async function setIdle(
  tx: Queryable,
  input: { sessionId: number; userId: number; idle: boolean; at: Date },
): Promise<LiveUser | null> {
  const [r] = await tx.query<LiveUserRow>(
    `WITH v AS (
       UPDATE video_session_users t
          SET idle_since = CASE WHEN $3 THEN $4::timestamptz END, last_seen = greatest(t.last_seen, $4)
        WHERE t.video_session_id = $1 AND t.user_id = $2 AND t.state <> 'offline'
          AND (t.idle_since IS NOT NULL) <> $3
       RETURNING t.*
     )
     SELECT ${LIVE_USER_COLUMNS} FROM v JOIN users u ON u.id = v.user_id`,
    [input.sessionId, input.userId, input.idle, input.at],
  );
  return r ? toLiveUser(r) : null;
}

/** Spec 2 §4 switching session: the user's other sessions of the event go offline. */
export async function leaveOtherSessions(
  tx: Queryable,
  input: { userId: number; eventId: number; keepSessionId: number; at: Date },
): Promise<LiveUser[]> {
  const rows = await tx.query<LiveUserRow>(
    `WITH v AS (
       UPDATE video_session_users t SET state = 'offline', updated_at = $4, idle_since = NULL
         FROM video_sessions vs
        WHERE vs.id = t.video_session_id AND vs.event_id = $2 AND t.video_session_id <> $3
          AND t.user_id = $1 AND t.state <> 'offline'
       RETURNING t.*
     )
     SELECT ${LIVE_USER_COLUMNS} FROM v JOIN users u ON u.id = v.user_id`,
    [input.userId, input.eventId, input.keepSessionId, input.at],
  );
  return rows.map(toLiveUser);
}

/**
 * Spec 2 §4 exit greenroom / reset: no tab holds the session any more and everyone on stage steps
 * down to active; returns the users whose state changed.
 */
export async function releaseStage(tx: Queryable, sessionId: number, at: Date): Promise<LiveUser[]> {
  const rows = await tx.query<LiveUserRow>(
    `WITH v AS (
       UPDATE video_session_users t
          SET state = CASE WHEN t.state = 'on_stage' THEN 'active' ELSE t.state END,
              active_browser_id = NULL,
              updated_at = CASE WHEN t.state = 'on_stage' THEN $2 ELSE t.updated_at END
        WHERE t.video_session_id = $1 AND (t.state = 'on_stage' OR t.active_browser_id IS NOT NULL)
       RETURNING t.*, (t.updated_at = $2 AND t.state = 'active') AS changed
     )
     SELECT ${LIVE_USER_COLUMNS} FROM v JOIN users u ON u.id = v.user_id WHERE v.changed`,
    [sessionId, at],
  );
  return rows.map(toLiveUser);
}

/** A ban's removal: the user leaves every session of these events and no tab holds a slot. */
export async function leaveEvents(
  tx: Queryable,
  input: { userId: number; eventIds: readonly number[]; at: Date },
): Promise<LiveUser[]> {
  const rows = await tx.query<LiveUserRow>(
    `WITH v AS (
       UPDATE video_session_users t
          SET state = 'offline', active_browser_id = NULL, idle_since = NULL,
              updated_at = CASE WHEN t.state <> 'offline' THEN $3 ELSE t.updated_at END
         FROM video_sessions vs
        WHERE vs.id = t.video_session_id AND vs.event_id = ANY($2::bigint[]) AND t.user_id = $1
          AND (t.state <> 'offline' OR t.active_browser_id IS NOT NULL)
       RETURNING t.*, (t.updated_at = $3) AS changed
     )
     SELECT ${LIVE_USER_COLUMNS} FROM v JOIN users u ON u.id = v.user_id WHERE v.changed`,
    [input.userId, input.eventIds, input.at],
  );
  return rows.map(toLiveUser);
}

export interface Beat {
  sessionId: number;
  userId: number;
  /** Epoch ms of the heartbeat. */
  seen: number;
  /** The sending tab, when it said. */
  browserId: string | null;
  /** Issue 29 §2: the tab saw no activity for the idle timeout. */
  idle: boolean;
}

/**
 * One statement for a batch of heartbeats: last_seen (and the active tab's claim) moves for users still live. The others come back:
 * rows missing, stale, or offline since before the heartbeat (`revive`), unlike a row that went offline
 * after it (a leave beacon that overtook a buffered heartbeat).
 */
export async function touchBatch(
  db: Queryable,
  beats: readonly Beat[],
  windowMs: number,
): Promise<{ beat: Beat; revive: boolean }[]> {
  const rows = await db.query<{ session_id: number; user_id: number; revive: boolean }>(
    `WITH b AS (
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $5::text[])
         AS b(session_id, user_id, seen, browser_id)
     ), touched AS (
       UPDATE video_session_users v
          SET last_seen = greatest(v.last_seen, b.seen),
              active_browser_seen = CASE WHEN v.active_browser_id = b.browser_id
                                         THEN greatest(v.active_browser_seen, b.seen)
                                         ELSE v.active_browser_seen END
         FROM b
        WHERE v.video_session_id = b.session_id AND v.user_id = b.user_id
          AND v.state <> 'offline' AND v.last_seen >= b.seen - make_interval(secs => $4)
       RETURNING v.video_session_id, v.user_id
     )
     SELECT b.session_id, b.user_id, (v.user_id IS NULL OR v.state <> 'offline' OR v.updated_at < b.seen) AS revive
       FROM b LEFT JOIN video_session_users v ON v.video_session_id = b.session_id AND v.user_id = b.user_id
      WHERE NOT EXISTS (SELECT 1 FROM touched t WHERE t.video_session_id = b.session_id AND t.user_id = b.user_id)`,
    [
      beats.map((b) => b.sessionId),
      beats.map((b) => b.userId),
      beats.map((b) => new Date(b.seen).toISOString()),
      windowMs / 1000,
      beats.map((b) => b.browserId),
    ],
  );
  const byKey = new Map(beats.map((b) => [`${b.sessionId}:${b.userId}`, b]));
  return rows.flatMap((r) => {
    const beat = byKey.get(`${r.session_id}:${r.user_id}`);
    return beat ? [{ beat, revive: r.revive }] : [];
  });
}

/** Sets the user offline in the session (a leave); returns the row when its state changed. */
export async function setOffline(
  tx: Queryable,
  input: { sessionId: number; userId: number; at: Date; browserId: string | null },
): Promise<LiveUser | null> {
  const before = await lockPresence(tx, input.sessionId, input.userId);
  if (!before) return null;
  // The tab that leaves gives up its slot (spec 1 §4); another tab's claim stays.
  if (input.browserId !== null && before.activeBrowserId === input.browserId) {
    await tx.query(
      "UPDATE video_session_users SET active_browser_id = NULL WHERE video_session_id = $1 AND user_id = $2",
      [input.sessionId, input.userId],
    );
  }
  if (before.state === "offline") return null;
  return writeState(tx, { ...input, state: "offline", joined: false });
}

/** Reconciliation: up to `limit` users still marked live but not seen since `before` go offline. */
export async function expireStale(
  tx: Queryable,
  input: { before: Date; at: Date; limit: number },
): Promise<LiveUser[]> {
  const rows = await tx.query<LiveUserRow>(
    `WITH stale AS (
       SELECT video_session_id, user_id FROM video_session_users
        WHERE state <> 'offline' AND last_seen < $1
        ORDER BY last_seen LIMIT $3 FOR UPDATE SKIP LOCKED
     ), v AS (
       UPDATE video_session_users t SET state = 'offline', updated_at = $2, idle_since = NULL
         FROM stale s WHERE t.video_session_id = s.video_session_id AND t.user_id = s.user_id
       RETURNING t.*
     )
     SELECT ${LIVE_USER_COLUMNS} FROM v JOIN users u ON u.id = v.user_id`,
    [input.before, input.at, input.limit],
  );
  return rows.map(toLiveUser);
}

/** Users live in the session, newest first, their count and the presence topic's sequence, in one snapshot. */
export async function liveUsers(
  db: Queryable,
  input: { sessionId: number; since: Date; limit: number },
): Promise<{ users: LiveUser[]; liveCount: number; idleCount: number; seq: number }> {
  const rows = await db.query<{ seq: number; live_count: number; idle_count: number } & Partial<LiveUserRow>>(
    `SELECT s.seq, c.live_count, c.idle_count, p.* FROM (SELECT ${TOPIC_SEQ_SQL} AS seq) s
      CROSS JOIN (SELECT count(*)::int AS live_count,
                         (count(*) FILTER (WHERE idle_since IS NOT NULL))::int AS idle_count
                    FROM video_session_users
                   WHERE video_session_id = $2 AND state <> 'offline' AND last_seen >= $3) c
      LEFT JOIN LATERAL (
        SELECT ${LIVE_USER_COLUMNS} FROM video_session_users v JOIN users u ON u.id = v.user_id
         WHERE v.video_session_id = $2 AND v.state <> 'offline' AND v.last_seen >= $3
         ORDER BY v.last_seen DESC, v.user_id LIMIT $4
      ) p ON true
     ORDER BY p.last_seen DESC, p.user_id`,
    [`presence:${input.sessionId}`, input.sessionId, input.since, input.limit],
  );
  return {
    users: rows.filter((r): r is typeof r & LiveUserRow => r.user_id != null).map(toLiveUser),
    liveCount: rows[0]?.live_count ?? 0,
    idleCount: rows[0]?.idle_count ?? 0,
    seq: rows[0]?.seq ?? 0,
  };
}

/** A user's first span in a session: their 'attended' (spec 2 §9). */
export interface Attendance {
  sessionId: number;
  userId: number;
  eventId: number;
}

/**
 * Issue 28 §2: the heartbeats of the audience (not the session's team) in a broadcasting session (or
 * one ended less than `cutoffMs` before) extend their attendance span when it was seen within `windowMs`, else open a new one.
 * Returns the users whose first span in the session this opened.
 */
export async function recordAttendance(
  db: Queryable,
  beats: readonly Pick<Beat, "sessionId" | "userId" | "seen">[],
  input: { windowMs: number; cutoffMs: number },
): Promise<Attendance[]> {
  if (beats.length === 0) return [];
  return db.query<Attendance>(
    `WITH b AS (
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS b(session_id, user_id, seen)
     ), live AS (
       SELECT b.* FROM b JOIN video_sessions s ON s.id = b.session_id JOIN events e ON e.id = s.event_id
        WHERE (s.state = 'broadcasting'
               OR (s.state IN ('postevent', 'ended') AND s.time_broadcast_end > b.seen - make_interval(secs => $5)))
          -- The audience only: the session's team (ViewerFlags.isTeam) runs it and does not attend.
          AND NOT EXISTS (SELECT 1 FROM organization_members om
                           WHERE om.organization_id = e.organization_id AND om.user_id = b.user_id)
          AND NOT EXISTS (SELECT 1 FROM events_users_roles eur
                           WHERE eur.event_id = e.id AND eur.user_id = b.user_id
                             AND (eur.event_role IN ('host', 'owner', 'admin', 'moderator')
                                  OR (eur.event_role = 'speaker' AND s.id = ANY(eur.video_session_ids))))
     ), extended AS (
       UPDATE attendance_spans a SET last_seen_at = greatest(a.last_seen_at, live.seen)
         FROM live
        WHERE a.video_session_id = live.session_id AND a.user_id = live.user_id
          AND a.last_seen_at >= live.seen - make_interval(secs => $4)
       RETURNING a.video_session_id, a.user_id
     ), opened AS (
       INSERT INTO attendance_spans (video_session_id, user_id, started_at, last_seen_at)
       SELECT live.session_id, live.user_id, live.seen, live.seen FROM live
        WHERE NOT EXISTS (SELECT 1 FROM extended e
                           WHERE e.video_session_id = live.session_id AND e.user_id = live.user_id)
       RETURNING video_session_id, user_id
     )
     -- The statement's snapshot holds the spans from before it: none there means a first span.
     SELECT o.video_session_id AS "sessionId", o.user_id AS "userId", s.event_id AS "eventId"
       FROM opened o JOIN video_sessions s ON s.id = o.video_session_id
      WHERE NOT EXISTS (SELECT 1 FROM attendance_spans a
                         WHERE a.video_session_id = o.video_session_id AND a.user_id = o.user_id)`,
    [
      beats.map((b) => b.sessionId),
      beats.map((b) => b.userId),
      beats.map((b) => new Date(b.seen).toISOString()),
      input.windowMs / 1000,
      input.cutoffMs / 1000,
    ],
  );
}
