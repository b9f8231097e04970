import {
  foldPlaybackEvents,
  mergeViewDeltas,
  NotFound,
  type PlaybackBeacon,
  RateLimited,
} from "@onstage/domain";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { FeatureDeps } from "../deps";
import { addToViews, sessionTakesBeacons, type ViewWrite } from "./queries";

export type PlaybackQualityDeps = Pick<FeatureDeps, "db" | "clock" | "log">;

/** How often a node writes what it has gathered, and how many views one statement writes. */
export const BEACON_FLUSH_INTERVAL_MS = 2_000;
const VIEWS_PER_WRITE = 500;
/** A node holding this many views writes at once rather than wait for its timer. */
const VIEWS_BUFFERED_MAX = 20_000;
/** How long a session found (or not) is remembered: a beacon costs no query. */
const SESSION_REMEMBERED_MS = 60_000;
const SESSIONS_REMEMBERED_MAX = 10_000;

/**
 * Per node: a player sends every 10 s (spec 3 §9), so 30 beacons a minute is three times what one
 * viewer needs; an address behind which a whole office watches gets 6,000.
 */
export const BEACON_LIMITS = {
  perViewer: { points: 30, duration: 60 },
  perAddress: { points: 6_000, duration: 60 },
} as const;

/**
 * Issue 28 §1: the collector's beacons. Each is checked, folded into what it adds to its view and held
 * in memory; every BEACON_FLUSH_INTERVAL_MS the node adds what it holds to the views' rows in batches.
 * Additions commute, so nodes and resent batches need no coordination.
 */
export function playbackQualityService(deps: PlaybackQualityDeps) {
  const { db, clock, log } = deps;
  let buffer = new Map<string, ViewWrite>();
  const sessions = new Map<number, { ok: boolean; until: number }>();
  const perViewer = new RateLimiterMemory(BEACON_LIMITS.perViewer);
  const perAddress = new RateLimiterMemory(BEACON_LIMITS.perAddress);
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function takesBeacons(sessionId: number): Promise<boolean> {
    const now = clock().getTime();
    const known = sessions.get(sessionId);
    if (known && known.until > now) return known.ok;
    const ok = await sessionTakesBeacons(db, sessionId);
    if (sessions.size >= SESSIONS_REMEMBERED_MAX) sessions.clear();
    sessions.set(sessionId, { ok, until: now + SESSION_REMEMBERED_MS });
    return ok;
  }

  async function consume(viewerId: string, address: string): Promise<void> {
    try {
      await perAddress.consume(address);
      await perViewer.consume(viewerId);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw RateLimited("too_many_beacons");
      throw refusal;
    }
  }

  function hold(write: ViewWrite): void {
    const held = buffer.get(write.viewKey);
    if (!held) {
      buffer.set(write.viewKey, write);
      return;
    }
    // A view is its first viewer's, in its first session (the row's rule too): another's write is dropped.
    if (held.viewerKey !== write.viewerKey || held.sessionId !== write.sessionId) return;
    buffer.set(write.viewKey, {
      ...held,
      lastAt: write.lastAt,
      delta: mergeViewDeltas(held.delta, write.delta),
    });
  }

  async function flushNow(): Promise<void> {
    const writes = [...buffer.values()];
    buffer = new Map();
    for (let i = 0; i < writes.length; i += VIEWS_PER_WRITE) {
      const batch = writes.slice(i, i + VIEWS_PER_WRITE);
      try {
        await addToViews(db, batch);
      } catch (err) {
        // Kept for the next pass (the database may be back by then).
        for (const write of batch) hold(write);
        throw err;
      }
    }
  }

  function flush(): Promise<void> {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    async ingest(beacon: PlaybackBeacon, viewer: { userId: number | null; address: string }): Promise<void> {
      await consume(beacon.viewerId, viewer.address);
      if (!(await takesBeacons(beacon.sessionId))) throw NotFound("session_not_found");
      const now = clock();
      hold({
        viewKey: beacon.viewId,
        viewerKey: beacon.viewerId,
        viewSessionKey: beacon.viewSessionId,
        sessionId: beacon.sessionId,
        userId: viewer.userId,
        delivery: beacon.delivery,
        firstAt: now,
        lastAt: now,
        delta: foldPlaybackEvents(beacon.events),
      });
      if (buffer.size >= VIEWS_BUFFERED_MAX) void flush().catch(() => {});
    },

    flush,

    start(): void {
      timer ??= setInterval(() => {
        flush().catch((err: unknown) => log.warn({ err }, "playback views not written yet"));
      }, BEACON_FLUSH_INTERVAL_MS);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}

export type PlaybackQualityService = ReturnType<typeof playbackQualityService>;
