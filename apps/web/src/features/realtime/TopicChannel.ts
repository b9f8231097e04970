import {
  isRealtimeAuthError,
  PRESENCE_RATE_LIMIT_RETRY_MS,
  REALTIME_GAP_WAIT_MS,
  type RealtimeError,
  type SequenceStep,
  SequenceTracker,
  type SubscribeAck,
  type SubscribeRequest,
  subscriptionRestartDelay,
  type TopicMessage,
} from "@onstage/domain";
import { reportError } from "../error-reporting/reportError";
import { CONNECTION_TROUBLE_TEXT } from "./hardReload";

/** Spec 2 §4 channel statuses, plus 'joining' while a subscription is on its way. */
export type TopicStatus = "joining" | "SUBSCRIBED" | "CLOSED" | "CHANNEL_ERROR" | "TIMED_OUT";

export interface TopicState {
  status: TopicStatus;
  /** What the person is told when the topic gave up (CHANNEL_ERROR). */
  error: string | null;
  /** Why the server ended the subscription ('unsubscribed', a ban): no resubscribe follows. */
  closedReason: string | null;
  /** Consecutive failures since the last SUBSCRIBED. */
  failures: number;
  /** Once subscribed, a later 'joining' reads as reconnecting rather than first connecting. */
  wasSubscribed: boolean;
}

export interface TopicListener {
  onMessage: (message: TopicMessage) => void;
  /** Spec: the gap is older than the server keeps; reload the data this topic keeps up to date. */
  refetch?: () => Promise<unknown> | undefined;
}

/** What a channel needs from the connection it lives on. */
export interface ChannelHost {
  isConnected(): boolean;
  /** The ack, or null when none came in time. */
  subscribe(request: SubscribeRequest): Promise<SubscribeAck | null>;
  unsubscribe(topic: string): void;
  /** Spec 2 §8: refresh the sign-in (and the connection that carries it); false: no session at all. */
  refreshAuth(): Promise<boolean>;
  /** True when the page hard-reloads because of these failures. */
  reloadAfter(failures: number): boolean;
  changed(): void;
}

export const NO_TOKEN_TEXT = "No authentication token available for realtime connection.";
/** Codes after which resubscribing cannot help: the viewer lost the topic. */
const FINAL_CODES = new Set(["banned", "not_found", "invalid_topic"]);

/**
 * One topic on the connection: subscribe with the last applied sequence, apply what was missed in order,
 * exactly once (SequenceTracker), refetch when told to, resume when a gap persists, restart on failure
 * with spec 1 §4's schedule.
 */
export class TopicChannel {
  state: TopicState = {
    status: "joining",
    error: null,
    closedReason: null,
    failures: 0,
    wasSubscribed: false,
  };
  readonly listeners = new Set<TopicListener>();
  /** Epoch ms of the last frame or acknowledgement of this topic (the health check's staleness). */
  lastHeardAt = Date.now();
  private tracker: SequenceTracker<TopicMessage> | null = null;
  /** Messages that came before the first acknowledgement told us where the topic stands. */
  private early: TopicMessage[] = [];
  private attemptId = 0;
  private stopped = false;
  private refetching = false;
  private authRefreshed = false;
  private hasGap = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private gapTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly topic: string,
    /** The sequence the subscriber's data was read at (HTTP answers carry it), if known. */
    private readonly since: number | null,
    private readonly host: ChannelHost,
  ) {}

  join() {
    if (this.stopped) return;
    clearTimeout(this.restartTimer);
    this.set({ status: "joining" });
    this.subscribe();
  }

  private subscribe() {
    if (!this.host.isConnected()) return; // the connection joins every channel once it is open
    const attempt = ++this.attemptId;
    const since = this.tracker?.last ?? this.since ?? undefined;
    void this.host
      .subscribe(since === undefined ? { topic: this.topic } : { topic: this.topic, since })
      .then((ack) => {
        if (this.isCurrent(attempt)) void this.acknowledged(attempt, ack, since);
      });
  }

  /** One `messages` frame of this topic (issue 14 item 7): each message is applied once, in order. */
  receive(batch: readonly TopicMessage[]) {
    if (this.stopped) return;
    this.lastHeardAt = Date.now();
    const tracker = this.tracker;
    if (!tracker) {
      this.early.push(...batch);
      return;
    }
    for (const message of batch) this.apply(tracker.receive(message));
  }

  /**
   * The connection closed: spec 2 §4 counts an unexpected SUBSCRIBED -> CLOSED as a failure (a reconnect
   * after a sign-in change is expected); the connection rejoins every channel when it is back.
   */
  connectionLost(countsAsFailure: boolean) {
    if (this.stopped) return;
    this.attemptId++;
    clearTimeout(this.restartTimer);
    clearTimeout(this.gapTimer);
    this.gapTimer = undefined;
    if (!countsAsFailure) return this.set({ status: "joining" });
    if (this.state.status !== "SUBSCRIBED") return;
    const failures = this.state.failures + 1;
    this.set({ status: "CLOSED", failures });
    this.host.reloadAfter(failures);
  }

  /** The server may have missed messages (its Redis link was down): fill any gap from the last seq. */
  resume() {
    if (this.state.status === "SUBSCRIBED" && !this.refetching) this.subscribe();
  }

  /** The server ended the subscription (a ban): drop the topic and do not come back. */
  closedByServer(reason: string) {
    this.stop();
    this.set({ status: "CLOSED", closedReason: reason });
  }

  stop() {
    this.stopped = true;
    this.attemptId++;
    clearTimeout(this.restartTimer);
    clearTimeout(this.gapTimer);
  }

  private isCurrent(attempt: number) {
    return attempt === this.attemptId && !this.stopped;
  }

  private async acknowledged(attempt: number, ack: SubscribeAck | null, since: number | undefined) {
    if (ack === null) return this.fail("TIMED_OUT");
    this.lastHeardAt = Date.now();
    if (ack.status === "CHANNEL_ERROR") return this.refused(ack.error);
    if (ack.status === "REFETCH") {
      // Live messages meanwhile wait behind the gap (or in `early`) and are applied on top of the new read.
      await this.refetch();
      if (!this.isCurrent(attempt)) return;
      this.start(ack.seq);
      this.apply(this.tracker?.reset(ack.seq));
    } else if (since === undefined && this.tracker === null) {
      // No known starting sequence: what changed between the HTTP read and now is unknown, so read
      // again; messages arriving meanwhile wait in `early`, so a slower read never overwrites them.
      await this.refetch();
      if (!this.isCurrent(attempt)) return;
      this.start(ack.seq);
    } else {
      this.start(since ?? ack.seq);
      for (const missed of ack.missed) this.apply(this.tracker?.receive(missed));
      // Anything between the replay and the topic's sequence was not for this viewer: skip past it.
      this.apply(this.tracker?.reset(ack.seq));
    }
    this.authRefreshed = false;
    this.set({ status: "SUBSCRIBED", error: null, failures: 0, wasSubscribed: true });
  }

  private start(seq: number) {
    if (this.tracker) return;
    this.tracker = new SequenceTracker<TopicMessage>(seq);
    const early = this.early;
    this.early = [];
    for (const message of early) this.apply(this.tracker.receive(message));
  }

  private async refetch() {
    this.refetching = true;
    try {
      await Promise.all([...this.listeners].map((listener) => listener.refetch?.()));
    } catch {
      // The subscriber's own query shows its error; the topic goes on from here.
    } finally {
      this.refetching = false;
    }
  }

  private apply(step: SequenceStep<TopicMessage> | undefined) {
    if (!step) return;
    for (const message of step.apply) for (const listener of this.listeners) listener.onMessage(message);
    this.hasGap = step.gap;
    this.watchGap();
  }

  /** A gap that outlives REALTIME_GAP_WAIT_MS is filled by resuming from the last applied sequence. */
  private watchGap() {
    if (!this.hasGap) {
      clearTimeout(this.gapTimer);
      this.gapTimer = undefined;
      return;
    }
    if (this.gapTimer !== undefined) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      // A resume, not a reconnect: the status stays SUBSCRIBED while the gap is filled.
      if (this.hasGap && !this.refetching && this.state.status === "SUBSCRIBED") this.subscribe();
    }, REALTIME_GAP_WAIT_MS);
  }

  private async refused(error: RealtimeError) {
    if (FINAL_CODES.has(error.code)) {
      this.stop();
      this.set({ status: "CLOSED", closedReason: error.code });
      return;
    }
    // A refusal that says when to come back (the presence limit, issue 23's subscribe caps) is retried then.
    if (error.code === "rate_limit_exceeded" || error.retryAfterMs !== undefined) {
      this.restartTimer = setTimeout(() => this.join(), error.retryAfterMs ?? PRESENCE_RATE_LIMIT_RETRY_MS);
      return;
    }
    if (!isRealtimeAuthError(error.code)) return this.fail("CHANNEL_ERROR");
    // Spec 2 §8: refresh the sign-in and recreate the channel, once; the same refusal again is final.
    if (this.authRefreshed) return this.giveUp(error.code === "no_token" ? NO_TOKEN_TEXT : error.message);
    this.authRefreshed = true;
    const hasSession = await this.host.refreshAuth();
    if (this.stopped) return;
    if (!hasSession && error.code === "no_token") return this.giveUp(NO_TOKEN_TEXT);
    this.join();
  }

  private fail(status: "TIMED_OUT" | "CHANNEL_ERROR") {
    const failures = this.state.failures + 1;
    this.set({ status, failures, error: null });
    if (this.host.reloadAfter(failures)) return;
    const delay = subscriptionRestartDelay(failures);
    if (delay === null) return this.giveUp(CONNECTION_TROUBLE_TEXT);
    this.restartTimer = setTimeout(() => this.join(), delay);
  }

  private giveUp(error: string) {
    // Spec 1 §8: a subscription that fails for good is reported (its topic's kind, not its ids).
    reportError("realtime", error, `${this.topic.split(":")[0]}:CHANNEL_ERROR`);
    this.stop();
    this.set({ status: "CHANNEL_ERROR", error });
  }

  private set(change: Partial<TopicState>) {
    this.state = { ...this.state, ...change };
    this.host.changed();
  }
}
