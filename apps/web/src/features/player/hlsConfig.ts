import {
  VIDEO_BACK_BUFFER_SECONDS,
  VIDEO_LIVE_BACK_BUFFER_SECONDS,
  VIDEO_LOW_LATENCY_BACK_BUFFER_SECONDS,
} from "@onstage/domain";
import type { HlsConfig } from "hls.js";

export type PlaybackKind = "live" | "vod";

/**
 * hls.js settings (MEDIA-NOTES "Latency"): live playback stays two 1 s segments behind the edge and
 * catches up at up to 1.5x, which measured ~3 s canvas-to-screen; defaults drift upward and never
 * catch up. Low-latency playlists (parts) keep a shorter back buffer. Replays start at `startAt`.
 */
export function hlsConfig(input: {
  kind: PlaybackKind;
  lowLatency: boolean;
  startAt: number;
}): Partial<HlsConfig> {
  if (input.kind === "vod") {
    return { backBufferLength: VIDEO_BACK_BUFFER_SECONDS, startPosition: input.startAt };
  }
  return {
    lowLatencyMode: true,
    liveSyncDurationCount: 2,
    liveMaxLatencyDurationCount: 4,
    maxLiveSyncPlaybackRate: 1.5,
    backBufferLength: input.lowLatency
      ? VIDEO_LOW_LATENCY_BACK_BUFFER_SECONDS
      : VIDEO_LIVE_BACK_BUFFER_SECONDS,
  };
}

/** ?clip_start_time= (seconds): a replay's start; anything else starts at 0. */
export function clipStartTime(param: string | null): number {
  const seconds = Number(param);
  return param !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
