import {
  isDeviceSleep,
  type PlaybackDelivery,
  type PlaybackEvent,
  stallKind,
  startsNewView,
  VIDEO_ANALYTICS_BASE_INTERVAL_MS,
  VIDEO_ANALYTICS_STRING_MAX_CHARS,
} from "@onstage/domain";
import { type BeaconEnvelope, BeaconQueue, type BeaconTransport } from "./BeaconQueue";
import { randomId, viewerId, viewSessionId } from "./ids";

/** A WebRTC picture's own counts (getStats' inbound-rtp video), summed over its receivers. */
export interface FreezeStats {
  freezeCount: number;
  totalFreezesDurationMs: number;
}

export interface WatchOptions {
  sessionId: number;
  delivery: PlaybackDelivery;
  transport: BeaconTransport;
  /** WebRTC: the receivers' freezes, which a live MediaStream does not show as 'waiting'. */
  freezes?: () => Promise<FreezeStats | null>;
}

export interface VideoWatch {
  /** A playback error; a fatal one is the view's failure. */
  error(code: string, message: string, fatal: boolean): void;
  /** The player is gone: the view ends. */
  stop(): void;
}

const now = () => performance.now();

/**
 * Issue 28 §1: one view per play attempt of `video`, reported to the collector's queue: startup time
 * (the play request to the first moving frame), stalls (under 250 ms ignored), watch time and dropped
 * frames by rendition every base interval (a timer that slept with its device counts nothing),
 * upscaling, errors, the end. An hour without playing makes the next play a new view.
 */
export function watchVideo(video: HTMLVideoElement, options: WatchOptions): VideoWatch {
  const envelope = (): BeaconEnvelope => ({
    viewerId: viewerId(),
    viewSessionId: viewSessionId(),
    viewId: randomId(),
    sessionId: options.sessionId,
    delivery: options.delivery,
  });
  const queue = new BeaconQueue(envelope(), options.transport);
  let requestedAt = now();
  let started = false;
  let stallSince: number | null = null;
  let watchingSince: number | null = null;
  let watchedMs = 0;
  let lastWatchedAt = now();
  let lastTick = now();
  let droppedBefore = video.getVideoPlaybackQuality?.().droppedVideoFrames ?? 0;
  let freezesBefore: FreezeStats | null = null;
  let lastTime = video.currentTime;

  const push = (event: PlaybackEvent) => queue.push(event);
  const isWatching = () => started && !video.paused && stallSince === null;
  /** Adds the time watched since the last mark (a state change or a tick). */
  const mark = () => {
    const at = now();
    if (watchingSince !== null) {
      watchedMs += at - watchingSince;
      lastWatchedAt = at;
    }
    watchingSince = isWatching() ? at : null;
  };

  function firstFrame() {
    if (started) return;
    started = true;
    push({ type: "playing", startupMs: Math.round(now() - requestedAt) });
    mark();
    void queue.flush();
  }

  function stallEnded() {
    if (stallSince === null) return;
    const durationMs = Math.round(now() - stallSince);
    stallSince = null;
    if (stallKind(durationMs) !== "ignored") push({ type: "rebuffer", durationMs });
    mark();
  }

  async function heartbeat() {
    const at = now();
    // Asleep: the gap is neither watching nor stalling.
    if (isDeviceSleep(at - lastTick, VIDEO_ANALYTICS_BASE_INTERVAL_MS)) {
      watchingSince = isWatching() ? at : null;
      if (stallSince !== null) stallSince = at;
    }
    lastTick = at;
    mark();
    const dropped = video.getVideoPlaybackQuality?.().droppedVideoFrames ?? droppedBefore;
    const freezes = await options.freezes?.().catch(() => null);
    if (freezes && freezesBefore) {
      const count = freezes.freezeCount - freezesBefore.freezeCount;
      const total = freezes.totalFreezesDurationMs - freezesBefore.totalFreezesDurationMs;
      for (let i = 0; i < count; i++) push({ type: "rebuffer", durationMs: Math.round(total / count) });
    }
    freezesBefore = freezes ?? freezesBefore;
    if (watchedMs === 0 && dropped === droppedBefore) return;
    const width = video.videoWidth;
    const height = video.videoHeight;
    push({
      type: "heartbeat",
      watchedMs: Math.round(watchedMs),
      droppedFrames: Math.max(0, dropped - droppedBefore),
      rendition: width > 0 && height > 0 ? { width, height } : null,
      upscale:
        width > 0 && video.clientWidth > 0 ? Math.round((video.clientWidth / width) * 100) / 100 : null,
    });
    watchedMs = 0;
    droppedBefore = dropped;
  }

  const onPlay = () => {
    if (!startsNewView(now() - lastWatchedAt)) return;
    // Back after an hour: a new view.
    push({ type: "viewend" });
    queue.renew(envelope());
    started = false;
    requestedAt = now();
    push({ type: "viewstart" });
  };
  const onWaiting = () => {
    if (!started || stallSince !== null) return;
    mark();
    stallSince = now();
    mark();
  };
  const onProgress = () => {
    // A moving frame: the picture's clock went on while playing (not a seek to the live edge).
    if (video.paused || video.seeking) return;
    if (video.currentTime === lastTime && video.srcObject === null) return;
    lastTime = video.currentTime;
    firstFrame();
    stallEnded();
  };
  const onPlaying = () => {
    // A live MediaStream's clock starts with its first frame; an HLS picture moves on timeupdate.
    if (video.srcObject !== null) firstFrame();
    stallEnded();
    mark();
  };
  const onPause = () => mark();
  const onHidden = () => {
    if (document.visibilityState !== "hidden") return;
    void heartbeat().then(() => queue.handOver());
  };
  const onPageHide = () => {
    mark();
    stallEnded();
    void heartbeat().then(() => {
      push({ type: "viewend" });
      queue.handOver();
    });
  };

  const listeners: [EventTarget, string, () => void][] = [
    [video, "play", onPlay],
    [video, "waiting", onWaiting],
    [video, "timeupdate", onProgress],
    [video, "playing", onPlaying],
    [video, "pause", onPause],
    [document, "visibilitychange", onHidden],
    [window, "pagehide", onPageHide],
  ];
  for (const [target, name, listener] of listeners) target.addEventListener(name, listener);
  const ticker = setInterval(() => void heartbeat(), VIDEO_ANALYTICS_BASE_INTERVAL_MS);
  push({ type: "viewstart" });

  return {
    error(code, message, fatal) {
      push({
        type: "error",
        code: code.slice(0, 100),
        message: message.slice(0, VIDEO_ANALYTICS_STRING_MAX_CHARS),
        fatal,
      });
      if (fatal) void queue.flush();
    },
    stop() {
      clearInterval(ticker);
      for (const [target, name, listener] of listeners) target.removeEventListener(name, listener);
      mark();
      stallEnded();
      void heartbeat().then(async () => {
        push({ type: "viewend" });
        await queue.flush();
        queue.close();
      });
    },
  };
}
