import {
  VIDEO_ANALYTICS_DEVICE_SLEEP_DETECTION_MS,
  VIDEO_ANALYTICS_NEW_VIEW_INACTIVITY_MS,
  VIDEO_ANALYTICS_REBUFFER_MIN_MS,
  VIDEO_ANALYTICS_SESSION_EXPIRY_MS,
  VIDEO_ANALYTICS_SUSTAINED_REBUFFER_THRESHOLD_MS,
} from "../constants";
import type { PlaybackEvent } from "./schemas";

/**
 * Spec 3 §9: a stall under the rebuffer minimum is noise; from the sustained threshold it is shown as
 * rebuffering while it lasts (the player reports it before it ends).
 */
export function stallKind(durationMs: number): "ignored" | "rebuffer" | "sustained" {
  if (durationMs < VIDEO_ANALYTICS_REBUFFER_MIN_MS) return "ignored";
  return durationMs >= VIDEO_ANALYTICS_SUSTAINED_REBUFFER_THRESHOLD_MS ? "sustained" : "rebuffer";
}

/** A timer that fired this late slept with its device: the gap is neither watching nor stalling. */
export const isDeviceSleep = (gapMs: number, intervalMs: number) =>
  gapMs - intervalMs >= VIDEO_ANALYTICS_DEVICE_SLEEP_DETECTION_MS;

/** After an hour without activity, playing again is a new view. */
export const startsNewView = (idleMs: number) => idleMs >= VIDEO_ANALYTICS_NEW_VIEW_INACTIVITY_MS;

/** The view session (the views of one visit) lapses 25 minutes after its last activity. */
export const viewSessionExpired = (idleMs: number) => idleMs >= VIDEO_ANALYTICS_SESSION_EXPIRY_MS;

/** Spec 3 §8: a failed send waits longer each time, at random within the doubling window (capped). */
export function beaconRetryDelayMs(failures: number, random: number): number {
  const ceiling = Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** What one beacon adds to its view's row. */
export interface ViewDelta {
  startupMs: number | null;
  watchMs: number;
  rebufferCount: number;
  rebufferMs: number;
  droppedFrames: number;
  /** Watch time by rendition ("1280x720"). */
  renditionMs: Record<string, number>;
  maxUpscale: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  failed: boolean;
  ended: boolean;
  rateExceeded: boolean;
  eventCount: number;
}

export const EMPTY_VIEW_DELTA: ViewDelta = {
  startupMs: null,
  watchMs: 0,
  rebufferCount: 0,
  rebufferMs: 0,
  droppedFrames: 0,
  renditionMs: {},
  maxUpscale: null,
  errorCode: null,
  errorMessage: null,
  failed: false,
  ended: false,
  rateExceeded: false,
  eventCount: 0,
};

/** What the server keeps of an error's text. */
export const KEPT_ERROR_MESSAGE_CHARS = 500;

const maxOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const minOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** What a view's row keeps of its renditions: a player cannot grow the row past this. */
export const RENDITIONS_KEPT_PER_VIEW = 16;

/** What one event adds to its view. */
function eventDelta(event: PlaybackEvent): ViewDelta {
  const delta = { ...EMPTY_VIEW_DELTA, eventCount: 1 };
  switch (event.type) {
    case "playing":
      return { ...delta, startupMs: event.startupMs };
    case "rebuffer":
      return stallKind(event.durationMs) === "ignored"
        ? delta
        : { ...delta, rebufferCount: 1, rebufferMs: event.durationMs };
    case "heartbeat": {
      const { rendition, watchedMs } = event;
      return {
        ...delta,
        watchMs: watchedMs,
        droppedFrames: event.droppedFrames,
        renditionMs: rendition ? { [`${rendition.width}x${rendition.height}`]: watchedMs } : {},
        maxUpscale: event.upscale,
      };
    }
    case "error":
      return {
        ...delta,
        errorCode: event.code,
        errorMessage: event.message.slice(0, KEPT_ERROR_MESSAGE_CHARS),
        failed: event.fatal,
      };
    case "viewend":
      return { ...delta, ended: true };
    case "eventrateexceeded":
      return { ...delta, rateExceeded: true };
    case "viewstart":
      return delta;
  }
}

/** Folds a batch of events into what it adds to the view; the order within the batch does not matter. */
export const foldPlaybackEvents = (events: readonly PlaybackEvent[]): ViewDelta =>
  events.map(eventDelta).reduce(mergeViewDeltas, EMPTY_VIEW_DELTA);

/** Two deltas of one view as one (a batch; a node's buffer between writes). */
export function mergeViewDeltas(a: ViewDelta, b: ViewDelta): ViewDelta {
  const renditionMs = { ...a.renditionMs };
  for (const [key, ms] of Object.entries(b.renditionMs)) {
    const kept = renditionMs[key];
    if (kept !== undefined) renditionMs[key] = kept + ms;
    else if (Object.keys(renditionMs).length < RENDITIONS_KEPT_PER_VIEW) renditionMs[key] = ms;
  }
  return {
    // A first frame is reported once; a resent batch keeps the earliest answer.
    startupMs: minOrNull(a.startupMs, b.startupMs),
    watchMs: a.watchMs + b.watchMs,
    rebufferCount: a.rebufferCount + b.rebufferCount,
    rebufferMs: a.rebufferMs + b.rebufferMs,
    droppedFrames: a.droppedFrames + b.droppedFrames,
    renditionMs,
    maxUpscale: maxOrNull(a.maxUpscale, b.maxUpscale),
    errorCode: b.errorCode ?? a.errorCode,
    errorMessage: b.errorMessage ?? a.errorMessage,
    failed: a.failed || b.failed,
    ended: a.ended || b.ended,
    rateExceeded: a.rateExceeded || b.rateExceeded,
    eventCount: a.eventCount + b.eventCount,
  };
}

/** Rebuffering as a share of the time spent watching or waiting, in percent. */
export function rebufferPercent(watchMs: number, rebufferMs: number): number {
  const total = watchMs + rebufferMs;
  return total === 0 ? 0 : Math.round((rebufferMs / total) * 1000) / 10;
}
