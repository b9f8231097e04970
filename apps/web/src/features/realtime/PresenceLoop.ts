import { LIVE_USER_UPSERT_INTERVAL_MS, type PresenceAck, presenceRetryDelay } from "@onstage/domain";
import type { RealtimeClient } from "./RealtimeClient";

/** Spec 2 §8: 'Too many presence messages per second' or rate_limit_exceeded retry after 3 s. */
function isRateLimited(ack: PresenceAck | null): boolean {
  if (ack?.status !== "error") return false;
  return ack.error.code === "rate_limit_exceeded" || /too many presence messages/i.test(ack.error.message);
}

/**
 * The signed-in viewer's presence heartbeat (spec 2 §4, §9): at once on entering the room and on every
 * reconnection, then every LIVE_USER_UPSERT_INTERVAL_MS. A failure retries after 2, 5, 10, 15, 20 s
 * (3 s when rate-limited), then gives up with an error until the next reconnection.
 */
export class PresenceLoop {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private stopped = false;
  private releaseConnect: (() => void) | null = null;
  private idle = false;

  constructor(
    private readonly client: RealtimeClient,
    private readonly sessionId: number,
    private readonly browserId: string,
  ) {}

  start() {
    this.releaseConnect = this.client.onConnect(() => {
      this.failures = 0;
      void this.beat();
    });
    if (this.client.isConnected()) void this.beat();
  }

  /** Issue 29 §2: the tab went idle or came back; the change goes at once, then with every heartbeat. */
  setIdle(idle: boolean) {
    if (this.idle === idle || this.stopped) return;
    this.idle = idle;
    this.failures = 0;
    if (this.client.isConnected()) void this.beat();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.releaseConnect?.();
    this.client.setPresence("idle");
  }

  private async beat() {
    clearTimeout(this.timer);
    const ack = await this.client.sendPresence(this.sessionId, this.browserId, this.idle);
    if (this.stopped) return;
    if (ack?.status === "ok") {
      this.failures = 0;
      this.client.setPresence("ok");
      this.later(LIVE_USER_UPSERT_INTERVAL_MS);
      return;
    }
    // Not connected: the next connection sends at once (onConnect).
    if (ack === null && !this.client.isConnected()) return;
    this.failures += 1;
    const delay = presenceRetryDelay(this.failures, isRateLimited(ack));
    if (delay === null) {
      this.client.setPresence("error");
      return;
    }
    this.client.setPresence("retrying");
    this.later(delay);
  }

  private later(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.beat(), delayMs);
  }
}
