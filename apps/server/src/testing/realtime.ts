import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  REALTIME_GAP_WAIT_MS,
  REALTIME_PATH,
  RealtimeEvents,
  SequenceTracker,
  type SubscribeAck,
  type TopicMessage,
  type Unsubscribed,
} from "@onstage/domain";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll } from "vitest";
import { type App, type AppDeps, buildApp } from "../app";
import type { Database } from "../platform/database";
import { TEST_PUBLIC_URL, testFilesDir } from "./app";
import { freePort } from "./free-port";
import { serverErrorLog } from "./server-errors";
import { killWithUs } from "./server-process";

/** As testing/databases.ts: the PostgreSQL server throw-away databases live on. */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A public URL of its own: the Redis channels are keyed by it, so parallel runs never mix. */
export const uniquePublicUrl = () => `http://onstage-${randomBytes(4).toString("hex")}.test`;

/** The app listening on a free loopback port (WebSocket clients need a real socket, not inject). */
export async function listeningApp(
  db: Database,
  options: Partial<Pick<AppDeps, "redisUrl" | "realtimeTuning" | "publicUrl">> = {},
): Promise<{ app: App; url: string; publicUrl: string }> {
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  const app = await buildApp({
    db,
    publicUrl,
    webDist: "/nonexistent",
    filesDir: await testFilesDir(),
    trustProxy: true,
    redisUrl: options.redisUrl,
    realtimeTuning: options.realtimeTuning,
    logger: serverErrorLog(),
  });
  const url = await app.server.listen({ port: 0, host: "127.0.0.1" });
  return { app, url, publicUrl };
}

/**
 * Two nodes of one site for a suite: apps on the same database sharing the machine's Redis
 * (TEST_REDIS_URL), as several server processes do in production.
 */
export function useTwoNodes(use: () => Database): () => [App, App] {
  const publicUrl = uniquePublicUrl();
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const nodes: App[] = [];
  beforeAll(async () => {
    for (const _ of [1, 2]) nodes.push((await listeningApp(use(), { redisUrl, publicUrl })).app);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.server.close()));
  });
  return () => nodes as [App, App];
}

/** listeningApp for a suite: started before its tests, closed after them. */
export function useListeningApp(
  use: () => Database,
  options: Parameters<typeof listeningApp>[1] = {},
): () => { app: App; url: string } {
  let started: { app: App; url: string } | undefined;
  beforeAll(async () => {
    started = await listeningApp(use(), options);
  });
  afterAll(async () => {
    await started?.app.server.close();
  });
  return () => {
    if (!started) throw new Error("app not started");
    return started;
  };
}

/** The URL of a throw-away PostgreSQL database, for server processes that share it. */
export async function postgresUrlOf(db: Database): Promise<string> {
  const [row] = await db.query<{ name: string }>("SELECT current_database() AS name");
  const url = new URL(ADMIN_URL);
  url.pathname = `/${row?.name}`;
  return url.toString();
}

/**
 * A WebSocket client speaking the protocol as the web app does: it tracks each subscribed topic with
 * a SequenceTracker and, after a reconnect or a "resume", subscribes again from its last sequence.
 */
export class RealtimeClient {
  readonly socket: Socket;
  /** Every topic message as it arrived, duplicates included. */
  readonly received: TopicMessage[] = [];
  /** Every `messages` frame as it arrived: one topic's batch of a tick. */
  readonly frames: TopicMessage[][] = [];
  /** Per topic, what the tracker applied: exactly once and in order when all is well. */
  readonly applied = new Map<string, TopicMessage[]>();
  readonly unsubscribed: Array<Unsubscribed & { at: number }> = [];
  readonly acks: SubscribeAck[] = [];
  private readonly trackers = new Map<string, SequenceTracker<TopicMessage>>();
  private readonly gapTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Live messages that came before the subscription's acknowledgement. */
  private readonly early = new Map<string, TopicMessage[]>();
  private connects = 0;

  constructor(
    url: string,
    options: {
      cookie?: string;
      origin?: string;
      reconnection?: boolean;
      /** More handshake headers (a proxy's X-Forwarded-For). */
      headers?: Record<string, string>;
    } = {},
  ) {
    const extraHeaders: Record<string, string> = { ...options.headers };
    const origin = options.origin === undefined ? new URL(TEST_PUBLIC_URL).origin : options.origin;
    if (origin) extraHeaders.origin = origin;
    if (options.cookie) extraHeaders.cookie = options.cookie;
    this.socket = io(url, {
      path: REALTIME_PATH,
      transports: ["websocket"],
      extraHeaders,
      reconnection: options.reconnection ?? true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
      forceNew: true,
    });
    this.socket.on(RealtimeEvents.messages, (batch: TopicMessage[]) => {
      this.frames.push(batch);
      for (const message of batch) this.receive(message);
    });
    this.socket.on(RealtimeEvents.unsubscribed, (notice: Unsubscribed) => {
      this.unsubscribed.push({ ...notice, at: Date.now() });
      this.trackers.delete(notice.topic);
    });
    this.socket.on("connect", () => {
      this.connects += 1;
      if (this.connects > 1) void this.resumeAll();
    });
    this.socket.on("resume", () => void this.resumeAll());
  }

  /** Connects as a given origin/cookie; resolves once connected, rejects on a refused handshake. */
  static connect(url: string, options: ConstructorParameters<typeof RealtimeClient>[1] = {}) {
    const client = new RealtimeClient(url, { reconnection: false, ...options });
    return new Promise<RealtimeClient>((resolve, reject) => {
      const refused = (err: Error) => {
        client.close();
        reject(err);
      };
      client.socket.once("connect_error", refused);
      client.socket.once("connect", () => {
        client.socket.off("connect_error", refused);
        client.socket.io.reconnection(options.reconnection ?? true);
        resolve(client);
      });
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Subscribes (from `since`, or from now) and starts tracking the topic when the server agrees. */
  async subscribe(topic: string, since?: number, extra: Record<string, unknown> = {}): Promise<SubscribeAck> {
    if (!this.trackers.has(topic)) this.early.set(topic, []);
    const request = { topic, ...(since === undefined ? {} : { since }), ...extra };
    const ack = (await this.socket
      .timeout(5_000)
      .emitWithAck(RealtimeEvents.subscribe, request)) as SubscribeAck;
    this.acks.push(ack);
    const early = this.early.get(topic) ?? [];
    this.early.delete(topic);
    if (ack.status === "CHANNEL_ERROR") return ack;
    let tracker = this.trackers.get(topic);
    if (!tracker) {
      tracker = new SequenceTracker<TopicMessage>(since ?? ack.seq);
      this.trackers.set(topic, tracker);
    }
    const arrived = ack.status === "SUBSCRIBED" ? [...ack.missed, ...early] : early;
    for (const m of arrived) this.apply(topic, tracker.receive(m).apply);
    this.apply(topic, tracker.reset(ack.seq).apply);
    return ack;
  }

  /** Subscribes (from `since`, or from now) and answers the topic's sequence; anything but SUBSCRIBED throws. */
  async subscribedAt(topic: string, since?: number): Promise<number> {
    const ack = await this.subscribe(topic, since);
    if (ack.status !== "SUBSCRIBED") throw new Error(`subscription answered ${ack.status}`);
    return ack.seq;
  }

  emitWithAck(event: string, payload: unknown): Promise<unknown> {
    // Generous: a stage join's first answer waits for the SFU thread to start (compiled by tsx in tests),
    // which takes seconds beside another suite on two cores.
    return this.socket.timeout(20_000).emitWithAck(event, payload);
  }

  /** Sequence numbers the tracker applied for a topic. */
  seqs(topic: string): number[] {
    return (this.applied.get(topic) ?? []).map((m) => m.seq);
  }

  last(topic: string): number {
    return this.trackers.get(topic)?.last ?? 0;
  }

  close(): void {
    for (const timer of this.gapTimers.values()) clearTimeout(timer);
    this.socket.io.reconnection(false);
    this.socket.disconnect();
  }

  private receive(message: TopicMessage): void {
    this.received.push(message);
    const tracker = this.trackers.get(message.topic);
    if (!tracker) {
      this.early.get(message.topic)?.push(message);
      return;
    }
    const step = tracker.receive(message);
    this.apply(message.topic, step.apply);
    // As the web's TopicChannel does: a gap that persists (a node died between commit and publish)
    // is filled from the table by resuming from the last applied sequence.
    if (step.gap) this.fillGapLater(message.topic);
  }

  private apply(topic: string, messages: TopicMessage[]): void {
    const list = this.applied.get(topic) ?? [];
    list.push(...messages);
    this.applied.set(topic, list);
  }

  private fillGapLater(topic: string): void {
    if (this.gapTimers.has(topic)) return;
    const timer = setTimeout(() => {
      this.gapTimers.delete(topic);
      const tracker = this.trackers.get(topic);
      if (tracker) void this.subscribe(topic, tracker.last).catch(() => undefined);
    }, REALTIME_GAP_WAIT_MS);
    this.gapTimers.set(topic, timer);
  }

  private async resumeAll(): Promise<void> {
    for (const [topic, tracker] of this.trackers) {
      await this.subscribe(topic, tracker.last).catch(() => undefined);
    }
  }
}

/**
 * What a browser page of `origin` does for a state-changing request: fetch the CSRF token with its
 * session cookie, then post JSON with the token, both cookies and its Origin.
 */
export async function browserSession(baseUrl: string, sessionCookie: string, origin: string) {
  const res = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: sessionCookie } });
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = [sessionCookie, ...res.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const headers = { cookie, origin, "x-csrf-token": csrfToken, "content-type": "application/json" };
  return {
    post: (url: string, body: unknown) =>
      fetch(`${url}`, { method: "POST", headers, body: JSON.stringify(body) }),
    get: (url: string) => fetch(url, { headers }),
  };
}

/** Polls until `check` holds (no fixed sleeps); fails with `what` after `timeoutMs`. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits a little and proves nothing more arrives (duplicates would show up here). */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** A redis-server of the test's own (no persistence), to stop and start during traffic. */
export class RedisProcess {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    const child = spawn("/usr/bin/redis-server", [
      "--port",
      String(this.port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ]);
    this.child = child;
    killWithUs(child);
    await new Promise<void>((resolve, reject) => {
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      });
      child.once("exit", () => reject(new Error(`redis-server exited: ${output}`)));
    });
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
}
