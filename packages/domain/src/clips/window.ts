import { CLIP_DEFAULT_SECONDS, CLIP_MAX_SECONDS, CLIP_PLAYLIST_WINDOW_SECONDS } from "../constants";
import { CLIP_MIN_SECONDS } from "./rules";

// Spec 2 §5, §9: the create-clip range picker. Times are seconds into the session's recording.

/** The part of the recording the picker offers. */
export interface ClipWindow {
  from: number;
  to: number;
}

export interface ClipRangeSeconds {
  start: number;
  end: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * Spec 2 §9: CLIP_PLAYLIST_WINDOW_SECONDS around the current point (the replay's position, or the
 * recording's end while live), kept whole inside the recording when the recording is long enough.
 */
export function clipWindow(pointSeconds: number, recordedSeconds: number): ClipWindow {
  const recorded = Math.max(0, recordedSeconds);
  const point = clamp(pointSeconds, 0, recorded);
  const half = CLIP_PLAYLIST_WINDOW_SECONDS / 2;
  const to = clamp(point + half, Math.min(CLIP_PLAYLIST_WINDOW_SECONDS, recorded), recorded);
  return { from: Math.max(0, to - CLIP_PLAYLIST_WINDOW_SECONDS), to };
}

/** Spec 2 §9: by default the last CLIP_DEFAULT_SECONDS up to the current point. */
export function defaultClipRange(pointSeconds: number, window: ClipWindow): ClipRangeSeconds {
  const end = clamp(pointSeconds, Math.min(window.from + CLIP_MIN_SECONDS, window.to), window.to);
  return { start: Math.max(window.from, end - CLIP_DEFAULT_SECONDS), end };
}

/**
 * Spec 2 §5: the start moved to `startSeconds`; the end follows so the clip stays between
 * CLIP_MIN_SECONDS and CLIP_MAX_SECONDS long, all inside the window.
 */
export function moveClipStart(
  range: ClipRangeSeconds,
  startSeconds: number,
  window: ClipWindow,
): ClipRangeSeconds {
  const start = clamp(startSeconds, window.from, Math.max(window.from, window.to - CLIP_MIN_SECONDS));
  const end = clamp(range.end, start + CLIP_MIN_SECONDS, start + CLIP_MAX_SECONDS);
  return { start, end: Math.min(end, window.to) };
}

/** Spec 2 §5: the end moved to `endSeconds`; the start follows, as moveClipStart's end does. */
export function moveClipEnd(
  range: ClipRangeSeconds,
  endSeconds: number,
  window: ClipWindow,
): ClipRangeSeconds {
  const end = clamp(endSeconds, Math.min(window.from + CLIP_MIN_SECONDS, window.to), window.to);
  const start = clamp(range.start, end - CLIP_MAX_SECONDS, end - CLIP_MIN_SECONDS);
  return { start: Math.max(start, window.from), end };
}

/** A time in the recording as a clock reads it: '4:05', or '1:02:05' past the first hour. */
export function recordingClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
