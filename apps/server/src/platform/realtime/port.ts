import type { TopicMessage } from "@onstage/domain";

/** Where committed topic messages go: every subscriber of the topic on every node. */
export interface Publisher {
  publish(messages: readonly TopicMessage[]): void;
}

/** The sign-in sessions that ended: one (by its cookie's hash) or all of a user's. */
export type SessionScope = { sessionHash: string } | { userId: number };

/** The realtime layer as features see it (features/realtime builds it on Socket.IO). */
export interface Realtime extends Publisher {
  /**
   * Removes a user's connections from every topic of these events, on every node, and tells the
   * client why (a ban: issue 6 item 7, within REALTIME_BAN_EVICTION_MS). Resolves once every node has
   * done it (or the time is up): a ban awaits it before it commits (issue 23 §2.9).
   */
  evict(userId: number, eventIds: readonly number[], reason: string): Promise<void>;
  /**
   * Closes the connections opened with a sign-in session (sign-out) or with any session of a user
   * (sign-out everywhere), on every node; the page reconnects with whatever cookie it has now. Every
   * node's session cache drops them too (kernel/identity/session-cache.ts).
   */
  endSessions(scope: SessionScope): void;
  /**
   * Asks again, on every node, whether each connection holding the topic may still read it; those
   * refused now leave it and are told why (spec 2 §2: hiding the audience closes presence to guests).
   */
  reauthorize(topic: string): Promise<void>;
}
