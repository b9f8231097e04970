import {
  BACKGROUND_RECOVERY_CHECK_DELAY_MS,
  BACKGROUND_RECOVERY_HIDDEN_MS,
  FALLBACK_HEALTH_CHECK_INTERVAL_MS,
  HEALTH_CHECK_SUPPRESS_AFTER_TOKEN_REFRESH_MS,
  REALTIME_HEALTH_CHECK_INTERVAL_MS,
  REALTIME_INACTIVITY_LIMIT_MS,
  VISIBILITY_CHANGE_THROTTLE_MS,
  VISIBILITY_CHANNEL_CHECK_WAIT_MS,
} from "@onstage/domain";

/** What recovery does to the connection it watches. */
export interface RecoveryHost {
  /** Epoch ms of the last sign of life: a frame, an acknowledgement, a (re)connection. */
  lastActivityAt(): number;
  /** Epoch ms of the last sign-in refresh, if any. */
  lastTokenRefreshAt(): number | null;
  /** Asks the server which topics it holds and mends what is missing or stale. */
  checkChannels(): Promise<void>;
  /** Every topic subscribes again from its last sequence: what was missed is replayed (or refetched). */
  resumeAll(): void;
  /** A new connection (after the cooldown). */
  refresh(reason: string): void;
}

export interface RecoveryEnvironment {
  now(): number;
  isHidden(): boolean;
  onVisibilityChange(listener: () => void): () => void;
}

const browserEnvironment: RecoveryEnvironment = {
  now: () => Date.now(),
  isHidden: () => document.visibilityState === "hidden",
  onVisibilityChange(listener) {
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
};

/**
 * Spec 2 §9's recovery (issue 29 §1): a health check every 5 minutes (and a fallback one when the
 * regular one has not run for 10, as a throttled background tab does), none within 15 s of a sign-in
 * refresh; a connection silent for 30 minutes is refreshed; a tab back after 2 minutes hidden recovers
 * 5 s later (every topic resumes from its last sequence), and a shorter absence checks its channels 3 s
 * after the return, at most once a minute.
 */
export class Recovery {
  private timers: ReturnType<typeof setInterval>[] = [];
  private pending: ReturnType<typeof setTimeout> | undefined;
  private releaseVisibility: (() => void) | null = null;
  private hiddenSince: number | null = null;
  private lastVisibilityCheck = Number.NEGATIVE_INFINITY;
  private lastHealthCheck: number;

  constructor(
    private readonly host: RecoveryHost,
    private readonly env: RecoveryEnvironment = browserEnvironment,
  ) {
    this.lastHealthCheck = env.now();
  }

  start() {
    if (this.timers.length > 0) return;
    this.hiddenSince = this.env.isHidden() ? this.env.now() : null;
    this.releaseVisibility = this.env.onVisibilityChange(() => this.visibilityChanged());
    this.timers = [
      setInterval(() => void this.healthCheck(), REALTIME_HEALTH_CHECK_INTERVAL_MS),
      setInterval(() => {
        if (this.env.now() - this.lastHealthCheck >= FALLBACK_HEALTH_CHECK_INTERVAL_MS)
          void this.healthCheck();
      }, FALLBACK_HEALTH_CHECK_INTERVAL_MS),
    ];
  }

  stop() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    clearTimeout(this.pending);
    this.releaseVisibility?.();
    this.releaseVisibility = null;
  }

  /** The periodic check: a silent connection is refreshed, else its channels are checked. */
  async healthCheck(): Promise<void> {
    const now = this.env.now();
    const refreshed = this.host.lastTokenRefreshAt();
    if (refreshed !== null && now - refreshed < HEALTH_CHECK_SUPPRESS_AFTER_TOKEN_REFRESH_MS) return;
    this.lastHealthCheck = now;
    if (now - this.host.lastActivityAt() >= REALTIME_INACTIVITY_LIMIT_MS) {
      this.host.refresh("inactive");
      return;
    }
    await this.host.checkChannels();
  }

  private visibilityChanged() {
    const now = this.env.now();
    if (this.env.isHidden()) {
      this.hiddenSince ??= now;
      return;
    }
    const hiddenFor = this.hiddenSince === null ? 0 : now - this.hiddenSince;
    this.hiddenSince = null;
    clearTimeout(this.pending);
    if (hiddenFor >= BACKGROUND_RECOVERY_HIDDEN_MS) {
      // Background recovery: timers and sockets may have slept; every topic catches up from its seq.
      this.pending = setTimeout(() => {
        this.host.resumeAll();
        void this.healthCheck();
      }, BACKGROUND_RECOVERY_CHECK_DELAY_MS);
      return;
    }
    if (now - this.lastVisibilityCheck < VISIBILITY_CHANGE_THROTTLE_MS) return;
    this.lastVisibilityCheck = now;
    this.pending = setTimeout(() => void this.host.checkChannels(), VISIBILITY_CHANNEL_CHECK_WAIT_MS);
  }
}
