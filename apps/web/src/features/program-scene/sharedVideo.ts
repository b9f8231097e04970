import { type SceneVideo, videoPositionAt } from "@onstage/domain";

// Issue 25 §2: one <video> per shared video per page. The stage and the program feed a host's tab
// composes both draw from it, so the host hears it once, and the feed mixes the same element's sound
// (captureStream) into the program the audience hears.

const elements = new Map<string, HTMLVideoElement>();
const captured = new WeakMap<HTMLVideoElement, MediaStream>();

/** Further than this from where the state says, the element is moved there (a seek, a late joiner). */
const DRIFT_SECONDS = 0.5;

export function sharedVideoElement(url: string): HTMLVideoElement {
  let video = elements.get(url);
  if (!video) {
    video = document.createElement("video");
    video.crossOrigin = "anonymous";
    video.playsInline = true;
    video.preload = "auto";
    video.src = url;
    elements.set(url, video);
  }
  return video;
}

/** Puts the element where the state says and plays or pauses it. */
export function followVideo(element: HTMLVideoElement, video: SceneVideo, nowMs = Date.now()): void {
  const at = videoPositionAt(video.state, video.durationMs, nowMs);
  if (Math.abs(element.currentTime - at) > DRIFT_SECONDS) element.currentTime = at;
  const ended = at >= video.durationMs / 1000;
  if (video.state.status === "playing" && !ended) void element.play().catch(() => {});
  else element.pause();
}

/** The video left the picture: silent at once. */
export function stopSharedVideo(url: string): void {
  elements.get(url)?.pause();
}

/**
 * The element's sound as tracks, for the program's mix (captured once per element). The capture has no
 * track until the element has loaded: `onTrack` hears when one comes.
 */
export function sharedVideoAudio(url: string, onTrack: () => void): MediaStreamTrack[] {
  const element = sharedVideoElement(url);
  let stream = captured.get(element);
  if (!stream) {
    const capture = (element as HTMLVideoElement & { captureStream?: () => MediaStream }).captureStream;
    if (!capture) return [];
    stream = capture.call(element);
    captured.set(element, stream);
  }
  stream.onaddtrack = onTrack;
  return stream.getAudioTracks();
}
