import {
  ATTENDED_ANALYTICS_CUTOFF_MS,
  isLive,
  LIVE_USERS_QUERY_LIMIT,
  type LiveUser,
  type LiveUsersResponse,
  PRESENCE_BATCH_MAX_RECORDS,
  PRESENCE_LIVE_WINDOW_MS,
  PRESENCE_RECONCILE_INTERVAL_MS,
  PRESENCE_SYNC_DEBOUNCE_MS,
  presenceOnJoin,
} from "@onstage/domain";
import { requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import type { Queryable } from "../../platform/database";
import { type Outbox, withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import {
  type Beat,
  expireStale,
  leaveEvents,
  leaveOtherSessions,
  liveUsers,
  lockPresence,
  recordAttendance,
  releaseStage,
  setIdle,
  setOffline,
  touch,
  touchActiveBrowser,
  touchBatch,
  writeState,
} from "./queries";

export type PresenceDeps = Pick<FeatureDeps, "db" | "realtime" | "clock" | "log" | "tracker">;

/** A presence change of `user`, on the presence topic of the user's session. */
const writePresence = (outbox: Outbox, user: LiveUser, event: "INSERT" | "UPDATE" = "UPDATE") =>
  outbox.write(
    { kind: "presence", id: user.sessionId },
    { kind: "change", table: "video_session_users", event, payload: user },
  );
const keyOf = (sessionId: number, userId: number) => `${sessionId}:${userId}`;

/**
 * A ban's removal (spec 1 §4 "ban and remove"), inside the ban's transaction: the user goes offline in
 * every session of these events, published on each presence topic. Heartbeats that follow are refused.
 */
export async function removeFromEvents(
  tx: Queryable,
  outbox: Outbox,
  input: { userId: number; eventIds: readonly number[]; at: Date },
): Promise<void> {
  for (const user of await leaveEvents(tx, input)) {
    await writePresence(outbox, user);
  }
}

/** Spec 2 §4: the session frees its tabs and its stage (exit greenroom, reset), told on its presence topic. */
export async function releaseSessionStage(
  tx: Queryable,
  outbox: Outbox,
  input: { sessionId: number; at: Date },
): Promise<void> {
  for (const user of await releaseStage(tx, input.sessionId, input.at)) {
    await writePresence(outbox, user);
  }
}

/**
 * Spec 2 §2 On Stage: a publisher entered the session's stage (on_stage) or left it (back to active),
 * told on its presence topic; the same state again writes nothing.
 */
export async function setStagePresence(
  tx: Queryable,
  outbox: Outbox,
  input: { sessionId: number; userId: number; onStage: boolean; at: Date },
): Promise<void> {
  const { sessionId, userId, onStage, at } = input;
  const current = await lockPresence(tx, sessionId, userId);
  // Already so; or off a stage they were never recorded on (offline stays offline).
  if ((current?.state === "on_stage") === onStage) return;
  const state = onStage ? "on_stage" : "active";
  const user = await writeState(tx, { sessionId, userId, state, at, joined: onStage });
  await writePresence(outbox, user, current ? "UPDATE" : "INSERT");
}

/**
 * Presence (spec 2 §3, §4, §9). A state change (a join, a return, a leave, a switch of session, idle
 * or active again) is written at once and published on presence:{sessionId}; a heartbeat of a user already live only
 * moves last_seen, buffered and written in batches every PRESENCE_SYNC_DEBOUNCE_MS.
 */
export function presenceService(deps: PresenceDeps) {
  const { db, realtime, clock, log, tracker } = deps;
  /** Users this node has seen live, by session and user, with their latest heartbeat and idleness. */
  const known = new Map<string, { seen: number; idle: boolean }>();
  const pending = new Map<string, Beat>();
  let flushing: Promise<void> | null = null;
  let timers: NodeJS.Timeout[] = [];

  /** The slow path: checks the viewer may be in the session, then writes and publishes any change. */
  async function join(beat: Beat): Promise<void> {
    const { userId, sessionId, seen, browserId, idle } = beat;
    const access = await requireTopicReader(db, userId, { kind: "session", id: sessionId });
    const { eventId } = sessionOf(access);
    const at = new Date(seen);
    const left = await withOutbox(db, realtime, async (tx, outbox) => {
      const current = await lockPresence(tx, sessionId, userId);
      if (browserId !== null) await touchActiveBrowser(tx, { sessionId, userId, browserId, at });
      if (current && isLive(current, seen)) {
        await touch(tx, sessionId, userId, at);
        const changed = await setIdle(tx, { sessionId, userId, idle, at });
        if (changed) await writePresence(outbox, changed);
        return [];
      }
      const state = presenceOnJoin(current?.state ?? null);
      const joined = await writeState(tx, { sessionId, userId, state, at, joined: true });
      const user = (await setIdle(tx, { sessionId, userId, idle, at })) ?? joined;
      await writePresence(outbox, user, current ? "UPDATE" : "INSERT");
      const others = await leaveOtherSessions(tx, { userId, eventId, keepSessionId: sessionId, at });
      for (const other of others) {
        await writePresence(outbox, other);
      }
      return others;
    });
    for (const other of left) forget(other.sessionId, userId);
    known.set(keyOf(sessionId, userId), { seen, idle });
    await attend([beat]);
  }

  function forget(sessionId: number, userId: number): void {
    known.delete(keyOf(sessionId, userId));
    pending.delete(keyOf(sessionId, userId));
  }

  /** Issue 28 §2: the beats of users live in a broadcasting session extend their attendance. */
  async function attend(beats: readonly Beat[]): Promise<void> {
    const firsts = await recordAttendance(db, beats, {
      windowMs: PRESENCE_LIVE_WINDOW_MS,
      cutoffMs: ATTENDED_ANALYTICS_CUTOFF_MS,
    });
    for (const { userId, eventId, sessionId } of firsts) {
      await tracker.track("attended", { userId, eventId, videoSessionId: sessionId });
    }
  }

  async function flushNow(): Promise<void> {
    const beats = [...pending.values()];
    pending.clear();
    for (let i = 0; i < beats.length; i += PRESENCE_BATCH_MAX_RECORDS) {
      const batch = beats.slice(i, i + PRESENCE_BATCH_MAX_RECORDS);
      const misses = await touchBatch(db, batch, PRESENCE_LIVE_WINDOW_MS);
      const missed = new Set(misses.map(({ beat }) => beat));
      await attend(batch.filter((beat) => !missed.has(beat)));
      for (const { beat, revive } of misses) {
        known.delete(keyOf(beat.sessionId, beat.userId));
        // Back after a leave on another node, a reconciliation or a lapse: a state change again.
        if (revive) {
          await join(beat).catch((err: unknown) => {
            log.debug({ err, sessionId: beat.sessionId }, "presence heartbeat refused");
          });
        }
      }
    }
    const oldest = clock().getTime() - PRESENCE_LIVE_WINDOW_MS;
    for (const [key, last] of known) if (last.seen < oldest) known.delete(key);
  }

  /** Writes the buffered heartbeats; concurrent calls share one pass. */
  function flush(): Promise<void> {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  /** Spec 2 §9 reconciliation: users not seen within the live window go offline, in batches. */
  async function reconcile(): Promise<number> {
    await flush();
    const now = clock().getTime();
    const before = new Date(now - PRESENCE_LIVE_WINDOW_MS);
    let total = 0;
    for (;;) {
      const expired = await withOutbox(db, realtime, async (tx, outbox) => {
        const users = await expireStale(tx, { before, at: new Date(now), limit: PRESENCE_BATCH_MAX_RECORDS });
        for (const user of users) {
          await writePresence(outbox, user);
        }
        return users;
      });
      for (const user of expired) forget(user.sessionId, user.userId);
      total += expired.length;
      if (expired.length < PRESENCE_BATCH_MAX_RECORDS) return total;
    }
  }

  return {
    /**
     * A heartbeat from the realtime server (on subscribe to presence:{id} and every
     * LIVE_USER_UPSERT_INTERVAL_MS). Throws the refusal (banned, forbidden, not found) on a join.
     */
    async heartbeat(
      userId: number,
      sessionId: number,
      browserId: string | null = null,
      idle = false,
    ): Promise<void> {
      const beat = { sessionId, userId, seen: clock().getTime(), browserId, idle };
      const key = keyOf(sessionId, userId);
      // Issue 29 §2: becoming idle or active again is a change, told at once; the same again is a beat.
      if (known.get(key)?.idle === idle) {
        known.set(key, { seen: beat.seen, idle });
        pending.set(key, beat);
        return;
      }
      await join(beat);
    },

    flush,

    reconcile,

    /** Spec 2 §7 leave-session beacon: the user leaves the session now (and the tab its slot). */
    async leave(userId: number, sessionId: number, browserId: string | null): Promise<void> {
      forget(sessionId, userId);
      await withOutbox(db, realtime, async (tx, outbox) => {
        const user = await setOffline(tx, { sessionId, userId, at: clock(), browserId });
        if (user) await writePresence(outbox, user);
      });
    },

    /** Users live within PRESENCE_LIVE_WINDOW_MS, newest first; read like the presence topic. */
    async liveUsers(
      viewerUserId: number | null,
      sessionId: number,
      browserKey: string | null = null,
    ): Promise<LiveUsersResponse> {
      await requireTopicReader(db, viewerUserId, { kind: "presence", id: sessionId }, browserKey);
      const since = new Date(clock().getTime() - PRESENCE_LIVE_WINDOW_MS);
      return liveUsers(db, { sessionId, since, limit: LIVE_USERS_QUERY_LIMIT });
    },

    /** Starts the batch writer and the reconciliation job (unref'd: they never keep a process alive). */
    start(): void {
      if (timers.length > 0) return;
      const every = (ms: number, job: () => Promise<unknown>, what: string) => {
        const timer = setInterval(() => {
          job().catch((err: unknown) => log.error({ err }, what));
        }, ms);
        timer.unref();
        return timer;
      };
      timers = [
        every(PRESENCE_SYNC_DEBOUNCE_MS, flush, "presence batch failed"),
        every(PRESENCE_RECONCILE_INTERVAL_MS, reconcile, "presence reconciliation failed"),
      ];
    },

    /** Stops the jobs and writes what is buffered (the database closes after the server). */
    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await flush();
    },
  };
}

export type PresenceService = ReturnType<typeof presenceService>;
