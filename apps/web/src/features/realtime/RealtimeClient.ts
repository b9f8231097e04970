import {
  AUTH_CHANGE_REFRESH_DELAY_MS,
  CHANNEL_NOT_FOUND_CONSECUTIVE_CHECKS,
  CHANNEL_STALE_AFTER_MS,
  CheckAck,
  CLIENT_REFRESH_COOLDOWN_MS,
  ONLINE_REFRESH_WAIT_MS,
  PresenceAck,
  type PresenceRequest,
  REALTIME_CLIENT_INIT_MAX_ATTEMPTS,
  REALTIME_CLIENT_INIT_RETRY_DELAYS_MS,
  REALTIME_CLIENT_TIMEOUT_MS,
  REALTIME_PATH,
  RealtimeEvents,
  SubscribeAck,
  type SubscribeRequest,
  TOKEN_REFRESH_DEDUPE_MS,
  TopicMessageBatch,
  Unsubscribed,
} from "@onstage/domain";
import { io, type Socket } from "socket.io-client";
import { reportError } from "../error-reporting/reportError";
import { CONNECTION_TROUBLE_TEXT, hardReloadAfterFailures } from "./hardReload";
import { Recovery } from "./Recovery";
import { type ChannelHost, TopicChannel, type TopicListener, type TopicState } from "./TopicChannel";

/** Spec 2 §8: what the stage and the WebRTC player say once the connection gave up. */
export const REALTIME_CLIENT_FAILED_TEXT = "Failed to get realtime client";

export type ConnectionState = "connecting" | "connected" | "reconnecting" | "failed" | "stopped";
export type PresenceStatus = "idle" | "ok" | "retrying" | "error";

export interface RealtimeSnapshot {
  connection: ConnectionState;
  /** Set when the connection gave up. */
  connectionError: string | null;
  topics: ReadonlyMap<string, TopicState>;
  presence: PresenceStatus;
}

export interface RealtimeClientOptions {
  /** Reads the signed-in user again (the `me` query); resolves to their id, null for a visitor. */
  fetchUserId: () => Promise<number | null>;
}

/** Not in the specs: how long a subscribe or presence message waits for its acknowledgement. */
const ACK_TIMEOUT_MS = 10_000;

/**
 * One Socket.IO connection per tab (issue 6 item 5). Socket.IO's own reconnection is off: the specs'
 * schedules decide (connection: 1, 2, 4, 8, 15 s; topics: TopicChannel). The session cookie
 * authenticates the handshake, so a sign-in change opens a new connection.
 */
export class RealtimeClient {
  private socket: Socket | null = null;
  private readonly channels = new Map<string, TopicChannel>();
  private readonly storeListeners = new Set<() => void>();
  private readonly connectListeners = new Set<() => void>();
  /** Listeners of features' own server events (the stage's signalling), by event name. */
  private readonly eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private userId: number | null | undefined;
  private refreshing: Promise<boolean> | null = null;
  /** The last sign-in refresh: when it ended and what it said (spec 2 §9: de-duplicated for 2 s). */
  private lastAuthRefresh: { at: number; hasSession: boolean } | null = null;
  private lastActivity = Date.now();
  private lastRefreshAt = Number.NEGATIVE_INFINITY;
  /** Consecutive health checks that found a topic missing on the server, by topic. */
  private readonly notFound = new Map<string, number>();
  private readonly recovery = new Recovery({
    lastActivityAt: () => this.lastActivity,
    lastTokenRefreshAt: () => this.lastAuthRefresh?.at ?? null,
    checkChannels: () => this.checkChannels(),
    resumeAll: () => this.resumeAll(),
    refresh: () => this.refresh(),
  });
  private connection: ConnectionState = "stopped";
  private connectionError: string | null = null;
  private presence: PresenceStatus = "idle";
  private snapshot: RealtimeSnapshot = this.buildSnapshot();
  private readonly host: ChannelHost = {
    isConnected: () => this.socket?.connected ?? false,
    subscribe: (request) => this.subscribeAck(request),
    unsubscribe: (topic) => this.socket?.emit(RealtimeEvents.unsubscribe, { topic }),
    refreshAuth: () => this.refreshAuth(),
    reloadAfter: (failures) => hardReloadAfterFailures(failures),
    changed: () => this.changed(),
  };

  constructor(private readonly options: RealtimeClientOptions) {}

  start(userId: number | null) {
    if (this.socket) return;
    this.userId = userId;
    const socket = io({
      path: REALTIME_PATH,
      transports: ["websocket"],
      withCredentials: true,
      reconnection: false,
      autoConnect: false,
      // Spec 2 §9: a connection attempt gives up after 60 s (the server pings every 30 s).
      timeout: REALTIME_CLIENT_TIMEOUT_MS,
    });
    socket.on("connect", () => this.connected());
    socket.on("connect_error", () => this.retryConnection());
    socket.on("disconnect", (reason) => {
      // Our own disconnects (stop, reconnect after a sign-in change) are not failures.
      if (reason !== "io client disconnect") this.dropped(true);
    });
    socket.on(RealtimeEvents.messages, (raw: unknown) => {
      const batch = TopicMessageBatch.safeParse(raw);
      // One topic per frame: the server batches per topic.
      if (batch.success) this.channels.get(batch.data[0].topic)?.receive(batch.data);
    });
    socket.on(RealtimeEvents.unsubscribed, (raw: unknown) => {
      const ended = Unsubscribed.safeParse(raw);
      if (ended.success) this.channels.get(ended.data.topic)?.closedByServer(ended.data.reason);
    });
    socket.on(RealtimeEvents.resume, () => {
      for (const channel of this.channels.values()) channel.resume();
    });
    socket.onAny((event: string, payload: unknown) => {
      this.lastActivity = Date.now();
      for (const listener of this.eventListeners.get(event) ?? []) listener(payload);
    });
    this.socket = socket;
    window.addEventListener("online", this.wentOnline);
    this.recovery.start();
    this.connect("connecting");
  }

  stop() {
    clearTimeout(this.timer);
    this.recovery.stop();
    window.removeEventListener("online", this.wentOnline);
    for (const channel of this.channels.values()) channel.stop();
    this.channels.clear();
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.setConnection("stopped");
  }

  /** The signed-in user changed (sign-in, sign-out, another tab): the handshake must carry the new cookie. */
  setUser(userId: number | null) {
    if (this.userId === userId || !this.socket) return;
    this.userId = userId;
    // The old connection ends now (topics wait for the next); spec 2 §9: the new one opens 1 s later.
    this.socket.disconnect();
    this.dropped(false);
    this.attempts = 0;
    this.setConnection("connecting");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect("connecting"), AUTH_CHANGE_REFRESH_DELAY_MS);
  }

  /** Spec 2 §9: a fresh connection, at most once every 5 s; every topic then resumes from its seq. */
  refresh() {
    const now = Date.now();
    if (!this.socket || now - this.lastRefreshAt < CLIENT_REFRESH_COOLDOWN_MS) return;
    this.lastRefreshAt = now;
    this.reconnect();
  }

  private reconnect() {
    this.socket?.disconnect();
    this.dropped(false);
    this.attempts = 0;
    this.connect("connecting");
  }

  /** Every subscribed topic asks for what it missed since its last sequence. */
  resumeAll() {
    for (const channel of this.channels.values()) channel.resume();
  }

  /**
   * The health check (spec 2 §9): the server lists the topics it holds for this connection; one missing
   * on 2 checks in a row subscribes again, one silent for 5 minutes resumes from its sequence, and an
   * unanswered check refreshes the connection.
   */
  async checkChannels(): Promise<void> {
    const socket = this.socket;
    if (!socket) return;
    if (!socket.connected) {
      if (this.connection === "failed") this.refresh();
      return;
    }
    const raw: unknown = await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(RealtimeEvents.check, {})
      .catch(() => null);
    const answer = CheckAck.safeParse(raw);
    if (!answer.success) return this.refresh();
    this.lastActivity = Date.now();
    const held = new Set(answer.data.topics);
    for (const [name, channel] of this.channels) {
      if (channel.state.status !== "SUBSCRIBED") continue;
      if (held.has(name)) {
        this.notFound.delete(name);
        if (Date.now() - channel.lastHeardAt >= CHANNEL_STALE_AFTER_MS) channel.resume();
        continue;
      }
      const misses = (this.notFound.get(name) ?? 0) + 1;
      this.notFound.set(name, misses);
      if (misses >= CHANNEL_NOT_FOUND_CONSECUTIVE_CHECKS) {
        this.notFound.delete(name);
        channel.join();
      }
    }
  }

  /** Follows one topic; returns the release. The first listener's `since` starts the topic. */
  topic(name: string, since: number | null, listener: TopicListener): () => void {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = new TopicChannel(name, since, this.host);
      this.channels.set(name, channel);
      channel.listeners.add(listener);
      channel.join();
    } else {
      channel.listeners.add(listener);
    }
    const joined = channel;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0 || this.channels.get(name) !== joined) return;
      joined.stop();
      this.channels.delete(name);
      this.host.unsubscribe(name);
      this.changed();
    };
  }

  /** A presence heartbeat (spec 2 §4); null when not connected or no acknowledgement came. */
  async sendPresence(sessionId: number, browserId: string, idle = false): Promise<PresenceAck | null> {
    const socket = this.socket;
    if (!socket?.connected) return null;
    try {
      const raw: unknown = await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck(RealtimeEvents.presence, { sessionId, browserId, idle } satisfies PresenceRequest);
      const ack = PresenceAck.safeParse(raw);
      return ack.success ? ack.data : null;
    } catch {
      return null;
    }
  }

  /** A feature's own client event with its acknowledgement; null when not connected or unanswered. */
  async request(event: string, payload: unknown): Promise<unknown> {
    const socket = this.socket;
    if (!socket?.connected) return null;
    return socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(event, payload)
      .catch(() => null);
  }

  /** Follows a feature's own server event; returns the release. */
  listen(event: string, listener: (payload: unknown) => void): () => void {
    const listeners = this.eventListeners.get(event) ?? new Set();
    listeners.add(listener);
    this.eventListeners.set(event, listeners);
    return () => listeners.delete(listener);
  }

  isConnected() {
    return this.socket?.connected ?? false;
  }

  /** Called on every (re)connection: presence is sent again at once. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  setPresence(status: PresenceStatus) {
    if (this.presence === status) return;
    this.presence = status;
    this.changed();
  }

  subscribeStore = (listener: () => void) => {
    this.storeListeners.add(listener);
    return () => this.storeListeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private connect(state: "connecting" | "reconnecting") {
    clearTimeout(this.timer);
    this.setConnection(state);
    this.socket?.connect();
  }

  private connected() {
    this.lastActivity = Date.now();
    this.attempts = 0;
    this.connectionError = null;
    this.setConnection("connected");
    for (const channel of this.channels.values()) channel.join();
    for (const listener of this.connectListeners) listener();
  }

  private dropped(countsAsFailure: boolean) {
    for (const channel of this.channels.values()) channel.connectionLost(countsAsFailure);
    if (countsAsFailure) this.retryConnection();
  }

  /** Spec 2 §9: the client (re)connects after 1, 2, 4, 8 and 15 s, then gives up. */
  private retryConnection() {
    if (!this.socket) return;
    this.attempts += 1;
    const delay = REALTIME_CLIENT_INIT_RETRY_DELAYS_MS[this.attempts - 1];
    if (delay === undefined || this.attempts > REALTIME_CLIENT_INIT_MAX_ATTEMPTS) {
      if (hardReloadAfterFailures(this.attempts - 1)) return;
      this.connectionError = CONNECTION_TROUBLE_TEXT;
      reportError("realtime", "The realtime connection failed 5 times", "connection_failed");
      this.setConnection("failed");
      return;
    }
    this.setConnection("reconnecting");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect("reconnecting"), delay);
  }

  /** Spec 2 §9: back online, wait 2 s, then connect afresh. */
  private wentOnline = () => {
    if (this.connection !== "failed" && this.connection !== "reconnecting") return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.attempts = 0;
      this.connect("reconnecting");
    }, ONLINE_REFRESH_WAIT_MS);
  };

  private subscribeAck(request: SubscribeRequest): Promise<SubscribeAck | null> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve(null);
    return socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(RealtimeEvents.subscribe, request)
      .then((raw: unknown) => {
        const ack = SubscribeAck.safeParse(raw);
        return ack.success ? ack.data : null;
      })
      .catch(() => null);
  }

  /** Spec 2 §8: auth failures refetch the signed-in user (once at a time) before the channel is recreated. */
  private refreshAuth(): Promise<boolean> {
    // Spec 2 §9: refreshes asked for within 2 s of the last share its answer.
    const last = this.lastAuthRefresh;
    if (last && Date.now() - last.at < TOKEN_REFRESH_DEDUPE_MS) return Promise.resolve(last.hasSession);
    this.refreshing ??= this.options
      .fetchUserId()
      .then((userId) => {
        this.setUser(userId);
        return userId !== null;
      })
      .catch(() => this.userId !== null && this.userId !== undefined)
      .then((hasSession) => {
        this.lastAuthRefresh = { at: Date.now(), hasSession };
        return hasSession;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private setConnection(connection: ConnectionState) {
    if (this.connection === connection) return;
    this.connection = connection;
    this.changed();
  }

  private changed() {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.storeListeners) listener();
  }

  private buildSnapshot(): RealtimeSnapshot {
    const topics = new Map<string, TopicState>();
    for (const [name, channel] of this.channels) topics.set(name, channel.state);
    return {
      connection: this.connection,
      connectionError: this.connectionError,
      topics,
      presence: this.presence,
    };
  }
}
