import type { IncomingMessage } from "node:http";
import { connectionRefusal, type TokenBucket, type TokenBucketRule, takeToken } from "@onstage/domain";
import { realtimeError } from "./errors";
import type { RealtimeSocket } from "./socket";

// Issue 23 §2.1: one address or one user cannot hold a node's connections, and subscribes (each one a
// database read) are paced per connection and per address, so a storm is refused before it costs a
// query. The counts are this node's: what they protect is this node's event loop and pool.

export interface CapLimits {
  connectionsPerAddress: number;
  connectionsPerUser: number;
  subscribesPerConnection: TokenBucketRule;
  subscribesPerAddress: TokenBucketRule;
}

type Next = (err?: Error) => void;

/** The client's address as Fastify's `req.ip` has it (TRUST_PROXY: X-Forwarded-For's first hop). */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return (trustProxy && first) || req.socket.remoteAddress || "unknown";
}

/** A refusal the client sees as `connect_error` with the code as its message and the realtime error as data. */
function refuse(socket: RealtimeSocket, next: Next, code: string): void {
  next(Object.assign(new Error(code), { data: realtimeError(code) }));
  // The refusal is written first (Socket.IO answers on the next tick); then the slot is free at once,
  // not after Socket.IO's connect timeout.
  setImmediate(() => socket.conn.close());
}

function count<K>(counts: Map<K, number>, key: K, by: 1 | -1): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

export function realtimeCaps(limits: CapLimits, trustProxy: boolean, now: () => number = Date.now) {
  const byAddress = new Map<string, number>();
  const byUser = new Map<number, number>();
  const addressBuckets = new Map<string, TokenBucket>();
  const caps = { perAddress: limits.connectionsPerAddress, perUser: limits.connectionsPerUser };
  // An address with no connection left has long refilled its bucket by the next sweep.
  const sweep = setInterval(() => {
    for (const address of addressBuckets.keys()) if (!byAddress.has(address)) addressBuckets.delete(address);
  }, 60_000);
  sweep.unref();

  return {
    /** Socket.IO middleware before the viewer is known: refuses what the address may not open. */
    admitAddress(socket: RealtimeSocket, next: Next): void {
      const address = clientAddress(socket.request, trustProxy);
      socket.data.address = address;
      const refusal = connectionRefusal({ byAddress: byAddress.get(address) ?? 0, byUser: null }, caps);
      if (refusal) {
        refuse(socket, next, refusal);
        return;
      }
      count(byAddress, address, 1);
      socket.conn.once("close", () => count(byAddress, address, -1));
      next();
    },

    /** Socket.IO middleware once the viewer is known: refuses what the user may not open. */
    admitUser(socket: RealtimeSocket, next: Next): void {
      const { userId } = socket.data;
      const refusal =
        userId === null
          ? null
          : connectionRefusal({ byAddress: null, byUser: byUser.get(userId) ?? 0 }, caps);
      if (userId === null || refusal) {
        if (refusal) refuse(socket, next, refusal);
        else next();
        return;
      }
      count(byUser, userId, 1);
      socket.conn.once("close", () => count(byUser, userId, -1));
      next();
    },

    /**
     * A subscribe takes a token from its connection's bucket, then from its address's; null lets it
     * through, else the milliseconds until it may try again.
     */
    takeSubscribe(address: string, own: { bucket?: TokenBucket }): number | null {
      const at = now();
      const mine = takeToken(own.bucket, limits.subscribesPerConnection, at);
      own.bucket = mine.bucket;
      if (mine.retryAfterMs !== null) return mine.retryAfterMs;
      const shared = takeToken(addressBuckets.get(address), limits.subscribesPerAddress, at);
      addressBuckets.set(address, shared.bucket);
      return shared.retryAfterMs;
    },

    stop(): void {
      clearInterval(sweep);
    },
  };
}

export type RealtimeCaps = ReturnType<typeof realtimeCaps>;
