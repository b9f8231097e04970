// LL-HLS numbers (RFC 8216bis; Apple "Enabling Low-Latency HLS"), in one place for the packager, the
// playlist and the blocking reload.

/** A segment is cut at the first keyframe once it is this long (the pipeline encodes a keyframe a second). */
export const TARGET_DURATION_S = 1;

/**
 * ffmpeg cuts a fragment at the first frame at least 1/3 s after the fragment began (`-frag_duration`), so a part
 * can run one frame gap longer, and the stream's first is one AAC priming (1024/48000 s) longer. RFC 8216bis
 * §4.4.4.9: every part is at most PART-TARGET, and all but a segment's first (independent) and last part at
 * least 85% of it: 0.39 s fits 1/3 s parts (85.5%) and frame gaps up to 56 ms.
 */
export const PART_TARGET_S = 0.39;

/** Complete segments the playlist lists (the live window). */
export const WINDOW_SEGMENTS = 6;

/**
 * A keyframe this much before the target still cuts: MediaRecorder's 1000 ms keyframe interval is wall time and
 * jitters, and waiting for the next keyframe would make a 2 s segment, past the target duration.
 */
export const SEGMENT_CUT_SLACK_S = 0.1;

/** RFC 8216 §6.2.1: a segment's EXTINF, rounded to the nearest integer, is at most the target duration. */
export const SEGMENT_MAX_OVER_TARGET_S = 0.5;

/** No box of ours comes near this; a bigger size is garbage, refused rather than buffered. */
export const MAX_BOX_BYTES = 64 * 1024 * 1024;

/** Held playlist requests per stream; past this a request is answered at once (bounded memory). */
export const MAX_HELD_RELOADS = 1000;
/**
 * Held requests per client address and stream: a player holds one playlist and one part at a time (a
 * CDN edge one per URL it collapses), so one address cannot take the stream's places from the others.
 */
export const MAX_HELD_PER_CLIENT = 16;

/** RFC 8216bis §6.2.5.2: a blocked reload not satisfied within 3 target durations is answered 503. */
export const BLOCKED_RELOAD_TIMEOUT_MS = 3 * TARGET_DURATION_S * 1000;
