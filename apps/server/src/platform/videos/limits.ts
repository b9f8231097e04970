import { VIDEO_SHARE_MAX_BYTES } from "@onstage/domain";

// Issue 25 §2: an uploaded video is hostile input. Each limit names what it bounds; everything the
// file's header declares is checked before any frame is decoded.

/** The upload limit: half an hour of 720p at a phone's bitrate fits, a disk-filling upload does not. */
export const VIDEO_MAX_BYTES = VIDEO_SHARE_MAX_BYTES;
/** A shared video is a clip played during a live session, not a second programme. */
export const VIDEO_MAX_DURATION_MS = 30 * 60_000;
/** 8K's width: past it no camera records, and one decoded frame (8192² × 1.5 bytes) is already 100 MB. */
export const VIDEO_MAX_SIDE_PX = 8192;

/** ffprobe reads the header and a few frames, in tens of milliseconds for any honest file. */
export const VIDEO_PROBE_TIMEOUT_MS = 10_000;
/**
 * The transcode's limit grows with the video: 3 × its length (a 1080p60 H.264 source becomes 720p30
 * at ~3× real time on 2 cores here), at least 60 s (a short clip's start-up and a slow first frame),
 * at most 30 min, as long as one preparation may hold the only slot.
 */
export const VIDEO_TRANSCODE_TIMEOUT_MIN_MS = 60_000;
export const VIDEO_TRANSCODE_TIMEOUT_FACTOR = 3;
export const VIDEO_TRANSCODE_TIMEOUT_MAX_MS = 30 * 60_000;

/**
 * ffmpeg peaks near 550 MB here for an 8192-pixel source; an address-space cap turns a memory bomb into a
 * failed run. Its threads are capped too (plan.ts), so the cap holds whatever the core count.
 */
export const VIDEO_PREPARER_MAX_MEMORY_BYTES = 2 * 1024 ** 3;

/**
 * One preparation at a time: a transcode takes every core of the 2-core machines the project targets,
 * and the live sessions come first. A few wait in line; past them a new one is refused at once.
 */
export const VIDEO_PREPARATIONS_AT_ONCE = 1;
export const VIDEO_PREPARATIONS_WAITING = 3;

export interface VideoLimits {
  maxBytes: number;
  maxDurationMs: number;
  maxSidePx: number;
  probeTimeoutMs: number;
  transcodeTimeoutMinMs: number;
  transcodeTimeoutFactor: number;
  transcodeTimeoutMaxMs: number;
  memoryBytes: number;
}

export const VIDEO_LIMITS: VideoLimits = {
  maxBytes: VIDEO_MAX_BYTES,
  maxDurationMs: VIDEO_MAX_DURATION_MS,
  maxSidePx: VIDEO_MAX_SIDE_PX,
  probeTimeoutMs: VIDEO_PROBE_TIMEOUT_MS,
  transcodeTimeoutMinMs: VIDEO_TRANSCODE_TIMEOUT_MIN_MS,
  transcodeTimeoutFactor: VIDEO_TRANSCODE_TIMEOUT_FACTOR,
  transcodeTimeoutMaxMs: VIDEO_TRANSCODE_TIMEOUT_MAX_MS,
  memoryBytes: VIDEO_PREPARER_MAX_MEMORY_BYTES,
};

/** The time ffmpeg may take over a video of `durationMs`. */
export const transcodeTimeoutMs = (durationMs: number, limits: VideoLimits) =>
  Math.min(
    limits.transcodeTimeoutMaxMs,
    Math.max(limits.transcodeTimeoutMinMs, limits.transcodeTimeoutFactor * durationMs),
  );
