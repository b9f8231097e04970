import { parseTopic, RealtimeEvents, type Unsubscribed } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { topicAccess } from "../../kernel/access/topic-access";
import type { Queryable } from "../../platform/database";
import { type RealtimeIo, type RealtimeSocket, userRoom } from "./socket";

const EVICT = "onstage:evict";
/**
 * A ban evicts before it commits (moderation/service.ts): until then a subscription is still authorised,
 * so the user's subscriptions to the events are refused here for this long, which covers the commit
 * and any authorisation under way when it came.
 */
const REMEMBER_MS = 30_000;

interface Eviction {
  userId: number;
  eventIds: readonly number[];
  reason: string;
}

interface Remembered extends Eviction {
  at: number;
}

export interface Evictions {
  /** Evicts on this node and, with Redis, on every other; resolves once all answered or the timeout passed. */
  evict(eviction: Eviction): Promise<void>;
  /**
   * Checked by a subscription after it joined the topic's room: an eviction that came since (or just
   * before its ban committed) wins over the authorisation.
   */
  isEvicted(userId: number, eventId: number): boolean;
}

/**
 * Removes a user's connections from every topic of some events (a ban, issue 6 item 7). Other nodes
 * hear it through a server-side emit over the Redis adapter and acknowledge it.
 */
export function evictions(
  io: RealtimeIo,
  options: { multiNode: boolean; timeoutMs: number; log: FastifyBaseLogger },
): Evictions {
  let recent: Remembered[] = [];

  function applyLocally(eviction: Eviction): number {
    const now = Date.now();
    recent = recent.filter((r) => now - r.at < REMEMBER_MS);
    recent.push({ ...eviction, at: now });
    let removed = 0;
    const ids = io.of("/").adapter.rooms.get(userRoom(eviction.userId)) ?? new Set<string>();
    for (const id of ids) {
      const socket = io.of("/").sockets.get(id);
      if (socket) removed += leaveEventTopics(socket, eviction);
    }
    return removed;
  }

  if (options.multiNode) {
    io.on(EVICT, (eviction: Eviction, ack?: (removed: number) => void) => {
      const removed = applyLocally(eviction);
      if (typeof ack === "function") ack(removed);
    });
  }

  return {
    async evict(eviction) {
      applyLocally(eviction);
      if (!options.multiNode) return;
      const answered = io.serverSideEmitWithAck(EVICT, eviction).then(() => "answered" as const);
      const timedOut = new Promise<"timed out">((resolve) =>
        setTimeout(() => resolve("timed out"), options.timeoutMs).unref(),
      );
      // Redis away: the emit waits in the offline queue and lands when Redis returns; the ban commits
      // meanwhile (docs/decisions.md, issue 23), and no node lets the user subscribe again after it.
      const outcome = await Promise.race([answered.catch(() => "timed out" as const), timedOut]);
      if (outcome === "timed out")
        options.log.warn({ userId: eviction.userId }, "eviction not confirmed by every node");
    },
    isEvicted: (userId, eventId) =>
      recent.some(
        (r) => Date.now() - r.at < REMEMBER_MS && r.userId === userId && r.eventIds.includes(eventId),
      ),
  };
}

function leaveEventTopics(socket: RealtimeSocket, eviction: Eviction): number {
  let removed = 0;
  for (const [topic, held] of Object.entries(socket.data.topics)) {
    if (held.eventId === null || !eviction.eventIds.includes(held.eventId)) continue;
    delete socket.data.topics[topic];
    void socket.leave(topic);
    const notice: Unsubscribed = { topic, reason: eviction.reason };
    socket.emit(RealtimeEvents.unsubscribed, notice);
    removed += 1;
  }
  return removed;
}

/**
 * Every connection holding `topic`, on every node (the adapter's fetchSockets), asked again whether it
 * may read it; a refused one leaves it and hears why, as after a ban.
 */
export async function reauthorize(io: RealtimeIo, db: Queryable, topic: string): Promise<void> {
  const parsed = parseTopic(topic);
  if (!parsed) return;
  for (const socket of await io.in(topic).fetchSockets()) {
    const { userId, browserKey } = socket.data;
    const { refusal } = await topicAccess(db, userId, parsed, browserKey);
    if (!refusal) continue;
    const local = io.of("/").sockets.get(socket.id);
    if (local) delete local.data.topics[topic];
    socket.leave(topic);
    const notice: Unsubscribed = { topic, reason: refusal };
    socket.emit(RealtimeEvents.unsubscribed, notice);
  }
}
