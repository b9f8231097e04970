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
 * catch up. On a low-latency playlist (parts, issue 27 §2) hls.js follows the server's PART-HOLD-BACK
 * instead, which a liveSync setting would override, and keeps a shorter back buffer. Replays start at
 * `startAt`.
 */
export function hlsConfig(input: {
  kind: PlaybackKind;
  lowLatency: boolean;
  startAt: number;
}): Partial<HlsConfig> {
  if (input.kind === "vod") {
    return { backBufferLength: VIDEO_BACK_BUFFER_SECONDS, startPosition: input.startAt };
  }
  if (input.lowLatency) {
    return {
      lowLatencyMode: true,
      maxLiveSyncPlaybackRate: 1.5,
      backBufferLength: VIDEO_LOW_LATENCY_BACK_BUFFER_SECONDS,
    };
  }
  return {
    lowLatencyMode: true,
    liveSyncDurationCount: 2,
    liveMaxLatencyDurationCount: 4,
    maxLiveSyncPlaybackRate: 1.5,
    backBufferLength: VIDEO_LIVE_BACK_BUFFER_SECONDS,
  };
}

/**
 * The server's LL-HLS playlists (its media route writes them with parts and blocking reloads): the program
 * feed's, and an RTMP stream's master of them.
 */
export const isLowLatencyPlaylist = (url: string) => /\/ll(?:-master)?\.m3u8(?:[?#]|$)/.test(url);

/** ?clip_start_time= (seconds): a replay's start; anything else starts at 0. */
export function clipStartTime(param: string | null): number {
  const seconds = Number(param);
  return param !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** The URL's directory, with its trailing slash: segments and renditions are resolved under it. */
function directoryOf(url: string): string {
  return url.slice(0, url.lastIndexOf("/") + 1);
}

/**
 * The playback URLs carry their token in the path and are refreshed before they expire (playbackApi).
 * A player started on `startedUrl` keeps going on the fresh token: a request under the old URL's
 * directory moves under the newest one's. null when nothing changes. URLs are absolute.
 */
export function refreshedRequestUrl(
  requestUrl: string,
  startedUrl: string,
  latestUrl: string,
): string | null {
  const from = directoryOf(startedUrl);
  const to = directoryOf(latestUrl);
  if (from === to || !requestUrl.startsWith(from)) return null;
  return to + requestUrl.slice(from.length);
}
