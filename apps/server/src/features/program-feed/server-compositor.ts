import type { Browser } from "playwright-core";
import type { SessionStateChange } from "../../kernel/broadcast/lifecycle";
import { findLiveStreamIds } from "../../kernel/broadcast/streams";
import {
  issueRecorderCredential,
  onAirRecorderGrants,
  revokeRecorderCredentials,
} from "../../kernel/recorder/credential";
import { recorderViewUrl } from "../../kernel/recorder/view-url";
import { CLOSED_NETWORK_CHROMIUM_ARGS } from "../../platform/chromium/args";
import type { FeatureDeps } from "../deps";

// COMPOSITOR=server (issue 11 §3): while a session broadcasts, a headless Chromium started by the server
// opens the session's recorder view (the page LiveKit Egress would render as a custom template) and
// that page is the compositor. Its credential is kernel/recorder's, revoked when it stops.

/** As e2e/support/chromium.ts runs Chromium, without fake media. */
const RECORDER_CHROMIUM_ARGS = [
  ...CLOSED_NETWORK_CHROMIUM_ARGS,
  // The stage's audio is mixed into the feed without anyone there to click.
  "--autoplay-policy=no-user-gesture-required",
];

/** After a crash the slate covers the gap; a browser that cannot start is not retried in a tight loop. */
const RESTART_DELAY_MS = 1_000;

/** How often a running recorder's stream is checked: an End live this node never heard stops it. */
const WATCH_MS = 5_000;

interface Recorder {
  sessionId: number;
  streamId: number;
  url: string;
  secret: string;
  browser: Browser | null;
  stopped: boolean;
}

export class ServerCompositors {
  private readonly recorders = new Map<number, Recorder>();
  private watch: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: FeatureDeps,
    private readonly chromiumPath: string,
  ) {}

  /** Once the server answers: the recorders of streams still on air come back (a restart mid-broadcast). */
  resume = (): void => {
    this.watch ??= setInterval(() => void this.stopOffAir(), WATCH_MS).unref();
    onAirRecorderGrants(this.deps.db).then(
      (grants) => {
        for (const grant of grants) this.startLogged(grant.sessionId, grant.streamId, grant.userId);
      },
      (err: unknown) => this.deps.log.error({ err }, "server compositor: resuming the recorders failed"),
    );
  };

  /** Going live starts the session's recorder; leaving broadcasting stops it. */
  onSessionState = (change: SessionStateChange): void => {
    const { sessionId, stream, byUserId } = change;
    if (change.to === "broadcasting" && stream && byUserId !== undefined) {
      this.startLogged(sessionId, stream.id, byUserId);
    } else if (change.from === "broadcasting") {
      void this.stop(sessionId);
    }
  };

  /**
   * The server stops: every browser closes. The credentials stay (their secrets died with the
   * browsers' in-memory profiles) as the record of who went live, for resume.
   */
  async closeAll(): Promise<void> {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
    const running = [...this.recorders.values()];
    this.recorders.clear();
    await Promise.all(
      running.map(async (recorder) => {
        recorder.stopped = true;
        await recorder.browser?.close().catch(() => undefined);
      }),
    );
  }

  private startLogged(sessionId: number, streamId: number, userId: number): void {
    this.start(sessionId, streamId, userId).catch((err: unknown) =>
      this.deps.log.error({ err, sessionId }, "server compositor: starting the recorder failed"),
    );
  }

  private async stopOffAir(): Promise<void> {
    const recorders = [...this.recorders.values()];
    const live = await findLiveStreamIds(
      this.deps.db,
      recorders.map((recorder) => recorder.sessionId),
    ).catch(() => null);
    if (live === null) return;
    for (const recorder of recorders) {
      if (live.get(recorder.sessionId) !== recorder.streamId) await this.stop(recorder.sessionId);
    }
  }

  private async start(sessionId: number, streamId: number, userId: number): Promise<void> {
    await this.stop(sessionId);
    const recorder: Recorder = { sessionId, streamId, url: "", secret: "", browser: null, stopped: false };
    // Known at once, so an End live that comes while this starts stops it.
    this.recorders.set(sessionId, recorder);
    recorder.url = await recorderViewUrl(this.deps.db, this.deps.publicUrl, sessionId);
    recorder.secret = await issueRecorderCredential(this.deps.db, { userId, sessionId, streamId });
    // Stopped meanwhile: that revocation may have come before this credential existed.
    if (recorder.stopped) return revokeRecorderCredentials(this.deps.db, this.deps.realtime, sessionId);
    await this.launch(recorder);
  }

  private async stop(sessionId: number): Promise<void> {
    const recorder = this.recorders.get(sessionId);
    this.recorders.delete(sessionId);
    if (recorder) recorder.stopped = true;
    // Revoked first: the page's sockets close with it, then the browser goes.
    await revokeRecorderCredentials(this.deps.db, this.deps.realtime, sessionId);
    await recorder?.browser?.close().catch(() => undefined);
  }

  private async launch(recorder: Recorder): Promise<void> {
    if (recorder.stopped) return;
    // Loaded here: playwright-core costs ~85 MB of memory, and most servers never compose.
    const { chromium } = await import("playwright-core");
    const browser = await chromium
      .launch({ executablePath: this.chromiumPath, args: RECORDER_CHROMIUM_ARGS })
      .catch((err: unknown) => {
        this.deps.log.error(
          { err, sessionId: recorder.sessionId },
          "server compositor: Chromium did not start",
        );
        return null;
      });
    if (!browser) return this.restartLater(recorder);
    // Stopped while Chromium started: it must not outlive the broadcast.
    if (recorder.stopped) return void (await browser.close());
    recorder.browser = browser;
    browser.on("disconnected", () => {
      recorder.browser = null;
      if (recorder.stopped) return;
      this.deps.log.warn(
        { sessionId: recorder.sessionId },
        "server compositor: Chromium went away, restarting",
      );
      this.restartLater(recorder);
    });
    try {
      // A fresh context is a fresh profile: the credential is its only cookie.
      const context = await browser.newContext();
      const { secure, recorderCookie } = this.deps.policy;
      await context.addCookies([
        { name: recorderCookie, value: recorder.secret, url: this.deps.publicUrl, httpOnly: true, secure },
      ]);
      const page = await context.newPage();
      // A crashed page takes its browser down; the disconnect above starts a new one.
      page.on("crash", () => void browser.close());
      await page.goto(recorder.url);
    } catch (err) {
      this.deps.log.error(
        { err, sessionId: recorder.sessionId },
        "server compositor: the recorder view failed",
      );
      await browser.close().catch(() => undefined);
    }
  }

  private restartLater(recorder: Recorder): void {
    setTimeout(() => void this.launch(recorder), RESTART_DELAY_MS).unref();
  }
}
