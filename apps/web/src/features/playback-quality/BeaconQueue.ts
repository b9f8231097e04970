import {
  beaconRetryDelayMs,
  type PlaybackBeacon,
  type PlaybackEvent,
  VIDEO_ANALYTICS_BASE_INTERVAL_MS,
  VIDEO_ANALYTICS_BEACON_BATCH_EVENTS,
  VIDEO_ANALYTICS_PAYLOAD_MAX_KB,
  VIDEO_ANALYTICS_QUEUE_MAX_EVENTS,
} from "@onstage/domain";

/** What became of a batch sent while the page is shown. */
export type SendOutcome = "sent" | "retry" | "rate-limited" | "refused";

export interface BeaconTransport {
  /** A send while the page is shown (fetch): its outcome decides what the queue does next. */
  post(body: string): Promise<SendOutcome>;
  /** The page is going away (navigator.sendBeacon): handed over, no answer. */
  beacon(body: string): void;
}

export type BeaconEnvelope = Omit<PlaybackBeacon, "events">;

const PAYLOAD_MAX_CHARS = VIDEO_ANALYTICS_PAYLOAD_MAX_KB * 1024;

/**
 * The collector's queue (spec 3 §8, §9): events wait here and go every base interval in batches of at
 * most 300 and 500 KB. A failed send is tried again after a growing random back-off. A queue that
 * fills up (3600 events) or that the server rate-limits sends 'eventrateexceeded' and stops. When the
 * page hides, what is left goes by sendBeacon.
 */
export class BeaconQueue {
  private events: PlaybackEvent[] = [];
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  private stopped = false;

  constructor(
    private envelope: BeaconEnvelope,
    private readonly transport: BeaconTransport,
    private readonly random: () => number = Math.random,
  ) {
    this.schedule(VIDEO_ANALYTICS_BASE_INTERVAL_MS);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  push(event: PlaybackEvent): void {
    if (this.stopped) return;
    if (this.events.length < VIDEO_ANALYTICS_QUEUE_MAX_EVENTS) this.events.push(event);
    else this.rateExceeded();
  }

  /** Sends what waits now (a view's start and end need not wait for the interval). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    return this.sendNext();
  }

  /** The page hides: everything queued goes by sendBeacon, the queue stays for the page's return. */
  handOver(): void {
    while (this.events.length > 0) this.transport.beacon(this.body(this.takeBatch()));
  }

  /** The view's envelope changes (a new view after inactivity): what waits goes with the old one first. */
  renew(envelope: BeaconEnvelope): void {
    this.handOver();
    this.envelope = envelope;
  }

  close(): void {
    clearTimeout(this.timer);
    this.stopped = true;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.sendNext(), ms);
  }

  /** At most 300 events, fewer when their JSON would pass the payload cap. */
  private takeBatch(): PlaybackEvent[] {
    let count = Math.min(this.events.length, VIDEO_ANALYTICS_BEACON_BATCH_EVENTS);
    while (count > 1 && this.body(this.events.slice(0, count)).length > PAYLOAD_MAX_CHARS) {
      count = Math.ceil(count / 2);
    }
    return this.events.splice(0, count);
  }

  private body(events: PlaybackEvent[]): string {
    return JSON.stringify({ ...this.envelope, events });
  }

  private async sendNext(): Promise<void> {
    if (this.sending || this.events.length === 0) return this.schedule(VIDEO_ANALYTICS_BASE_INTERVAL_MS);
    this.sending = true;
    const batch = this.takeBatch();
    const outcome = await this.transport.post(this.body(batch)).catch((): SendOutcome => "retry");
    this.sending = false;
    switch (outcome) {
      case "sent":
        this.failures = 0;
        // More than one batch waiting: the next goes at once.
        return this.events.length > 0 ? this.sendNext() : this.schedule(VIDEO_ANALYTICS_BASE_INTERVAL_MS);
      case "retry":
        this.events.unshift(...batch);
        this.failures += 1;
        return this.schedule(beaconRetryDelayMs(this.failures, this.random()));
      case "rate-limited":
        return this.rateExceeded();
      case "refused":
        // A batch the server will never take is dropped; the rest goes on.
        return this.schedule(VIDEO_ANALYTICS_BASE_INTERVAL_MS);
    }
  }

  private rateExceeded(): void {
    if (this.stopped) return;
    this.events = [];
    this.stopped = true;
    clearTimeout(this.timer);
    void this.transport.post(this.body([{ type: "eventrateexceeded" }])).catch(() => {});
  }
}
