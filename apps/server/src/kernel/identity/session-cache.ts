import { TtlCache } from "../../platform/cache/ttl-cache";
import type { Queryable } from "../../platform/database";
import type { SessionScope } from "../../platform/realtime/port";
import { findSession } from "./queries";
import { hashSessionId } from "./user-sessions";

/**
 * Issue 14: how long a node trusts a session it looked up. Every ended session is dropped at once on
 * every node (Realtime.endSessions); this bounds only a missed signal (Redis away), and a session's own
 * expiry is never passed.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface SessionCache {
  /** The signed-in user behind a session cookie's value, or null: one query per TTL per session. */
  userIdFor(sessionId: string): Promise<number | null>;
  forget(scope: SessionScope): void;
}

export function sessionCache(db: Queryable, now: () => number = Date.now): SessionCache {
  // Only live sessions are kept: random cookies cannot push real ones out.
  const cache = new TtlCache<string, { userId: number; expiresAt: Date } | null>(
    SESSION_CACHE_MAX_ENTRIES,
    now,
  );
  return {
    async userIdFor(sessionId) {
      const hash = hashSessionId(sessionId);
      const found = await cache.getOrLoad(
        hash,
        () => findSession(db, hash),
        (session, at) => (session ? Math.min(at + SESSION_CACHE_TTL_MS, session.expiresAt.getTime()) : null),
      );
      return found?.userId ?? null;
    },
    forget(scope) {
      if ("sessionHash" in scope) cache.delete(scope.sessionHash);
      else cache.deleteWhere((session) => session?.userId === scope.userId);
    },
  };
}
