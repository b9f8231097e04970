import type { BroadcastType } from "@onstage/domain";

// Issue 13 §3: the renditions of an RTMP stream. `rtmp` is transcoded to a ladder of stable variant
// names (the clip feature looks for 1080p/), never above the source's height; `rtmp-native` is the
// encoder's own picture copied, one rendition at the stream's root like the browser feed's.

export interface Rung {
  /** The variant's directory under the stream's: "1080p", "720p", "360p". */
  name: string;
  height: number;
  videoKbps: number;
}

const TOP_RUNG: Rung = { name: "1080p", height: 1080, videoKbps: 4500 };
export const LADDER: readonly Rung[] = [
  TOP_RUNG,
  { name: "720p", height: 720, videoKbps: 2500 },
  { name: "360p", height: 360, videoKbps: 800 },
];

export const AUDIO_KBPS = 128;

/**
 * The bandwidth a copy's one-variant master states: the encoder's bitrate is unknown, so the top rung's
 * (players pick nothing from it when there is only one variant).
 */
export const COPY_BANDWIDTH = (TOP_RUNG.videoKbps + AUDIO_KBPS) * 1000;

/**
 * The variant the captions writer follows (all are cut from the same frames, so any one times the
 * cues): 720p when the ladder has it (the middle of three, the top of two), else the only one.
 */
export const captionedRung = (rungs: readonly Rung[]): Rung =>
  rungs[Math.floor((rungs.length - 1) / 2)] ?? TOP_RUNG;

/** An encoder that sends no size in its metadata is taken as 720p (OBS and ffmpeg always send it). */
const UNKNOWN_SOURCE_HEIGHT = 720;

/**
 * The rungs for a source `height` pixels high: none above it (upscaling costs CPU and bandwidth for no
 * picture); a source below the lowest rung still gets that one rung, at its own size.
 */
export function ladderFor(height: number | null): Rung[] {
  const source = height ?? UNKNOWN_SOURCE_HEIGHT;
  const fitting = LADDER.filter((rung) => rung.height <= source);
  return fitting.length > 0 ? fitting : LADDER.slice(-1);
}

/** What a session of this broadcast type writes: a ladder, or the source copied (null). */
export const isTranscoded = (broadcastType: BroadcastType) => broadcastType === "rtmp";

/** An even width for `height` at the source's aspect ratio (x264 needs even sizes; scale=-2 does the same). */
export const widthFor = (height: number, aspect: number) => Math.round((height * aspect) / 2) * 2;

/**
 * A master playlist listing each rung's `playlist` (live.m3u8 or vod.m3u8) with its bandwidth and
 * size, highest first: hls.js starts from its bandwidth estimate and switches between them.
 */
export function masterPlaylist(rungs: readonly Rung[], playlist: string, aspect: number): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3"];
  for (const rung of rungs) {
    const bandwidth = (rung.videoKbps + AUDIO_KBPS) * 1000;
    const size = `${widthFor(rung.height, aspect)}x${rung.height}`;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${size}`, `${rung.name}/${playlist}`);
  }
  return `${lines.join("\n")}\n`;
}
