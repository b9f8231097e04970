import { randomUUID } from "node:crypto";
import type { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import type { Redis, RedisOptions } from "ioredis";
import { jsonOrNull } from "../json";

/** Reconnect quickly after an outage: every second at most (ioredis' default backs off to 2 s). */
const RECONNECT_CAP_MS = 1_000;
const QUIT_WAIT_MS = 500;

const OPTIONS: RedisOptions = {
  // Issue 6 item 7: a command waits in the offline queue for as long as Redis is away; it is never
  // failed after N retries, so a publish made during a short outage still goes out when Redis returns.
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  retryStrategy: (times) => Math.min(times * 100, RECONNECT_CAP_MS),
};

export interface RedisBus {
  /** The Socket.IO adapter: broadcasts reach every node sharing the key. */
  adapter: ReturnType<typeof createAdapter>;
  /**
   * Called each time the subscriber connection is (re)established and its channels are subscribed
   * again: messages other nodes published meanwhile never reached this node.
   */
  onResubscribed(listener: () => void): void;
  /** Called once when the subscriber connection is lost (until it is re-subscribed). */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

/**
 * Two ioredis connections (publish and subscribe) behind @socket.io/redis-adapter. `key` prefixes
 * every channel, so deployments (and test runs) sharing one Redis do not hear each other.
 */
export async function openRedisBus(url: string, key: string, log: FastifyBaseLogger): Promise<RedisBus> {
  // Loaded only by a node that shares its topics (REDIS_URL): some 40 MB of an idle one-machine server's
  // memory otherwise (issue 14 §5).
  const [{ Redis: RedisClient }, redisAdapter] = await Promise.all([
    import("ioredis"),
    import("@socket.io/redis-adapter"),
  ]);
  const pub = quiet(new RedisClient(url, OPTIONS), "publish", log);
  const sub = quiet(new RedisClient(url, OPTIONS), "subscribe", log);
  const listeners: Array<() => void> = [];
  const lostListeners: Array<() => void> = [];
  let subscribed = true;
  sub.on("close", () => {
    if (!subscribed) return;
    subscribed = false;
    for (const listener of lostListeners) listener();
  });
  sub.on("ready", () => {
    subscribed = true;
    // A PING answered after the automatic re-subscription proves the channels are live again.
    sub
      .ping()
      .catch(() => undefined)
      .then(() => {
        for (const listener of listeners) listener();
      });
  });
  const adapter = redisAdapter.createAdapter(pub, sub, { key, requestsTimeout: 2_000 });
  return {
    adapter,
    onResubscribed: (listener) => listeners.push(listener),
    onLost: (listener) => lostListeners.push(listener),
    close: async () => {
      await Promise.all([pub, sub].map(quit));
    },
  };
}

/** A channel of JSON messages between the nodes sharing it (issue 27 §2: the LL-HLS packagers' states). */
export interface RedisChannel<T> {
  /** To every other node subscribed now; lost while Redis is away (pub/sub keeps nothing). */
  send(message: T): void;
  /** Each message another node sent. */
  onMessage(listener: (message: T) => void): void;
  close(): Promise<void>;
}

/**
 * Two ioredis connections on one channel; a node does not hear its own messages. The senders are the
 * nodes' own processes: messages are parsed, not validated.
 */
export async function openRedisChannel<T>(
  url: string,
  channel: string,
  log: FastifyBaseLogger,
): Promise<RedisChannel<T>> {
  const { Redis: RedisClient } = await import("ioredis");
  const pub = quiet(new RedisClient(url, OPTIONS), "publish", log);
  const sub = quiet(new RedisClient(url, OPTIONS), "subscribe", log);
  const self = randomUUID();
  const listeners: Array<(message: T) => void> = [];
  // ioredis subscribes again by itself after a reconnection.
  void sub.subscribe(channel);
  sub.on("message", (_channel: string, text: string) => {
    const envelope = jsonOrNull(text) as { from?: unknown; message?: T } | null;
    if (!envelope || envelope.from === self || envelope.message === undefined) return;
    for (const listener of listeners) listener(envelope.message);
  });
  return {
    send: (message) => void pub.publish(channel, JSON.stringify({ from: self, message })),
    onMessage: (listener) => listeners.push(listener),
    close: async () => {
      await Promise.all([pub, sub].map(quit));
    },
  };
}

/**
 * Logs an outage once (ioredis reports every failed reconnect) and marks every command's promise as
 * handled: the adapter publishes without awaiting, and a rejected publish must not crash the process.
 */
function quiet(client: Redis, role: string, log: FastifyBaseLogger): Redis {
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err, role }, "redis unavailable; serving local clients only until it returns");
  });
  client.on("ready", () => {
    if (down) log.info({ role }, "redis available again");
    down = false;
  });
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((...args: Parameters<Redis["sendCommand"]>) => {
    const sent = send(...args);
    if (sent instanceof Promise) sent.catch(() => undefined);
    return sent;
  }) as Redis["sendCommand"];
  return client;
}

async function quit(client: Redis): Promise<void> {
  // QUIT waits in the offline queue while Redis is away: give it a moment, then drop the socket.
  const timer = new Promise((resolve) => setTimeout(resolve, QUIT_WAIT_MS).unref());
  await Promise.race([client.quit().catch(() => undefined), timer]);
  client.disconnect();
}
