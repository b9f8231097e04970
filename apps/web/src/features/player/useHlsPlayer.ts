import { HLS_HEALTHCHECK_TIMEOUT_MS } from "@onstage/domain";
import type Hls from "hls.js";
import type { ErrorData } from "hls.js";
import { type RefObject, useEffect, useRef, useState } from "react";
import { reportError } from "../error-reporting/reportError";
import { usePlaybackQuality } from "../playback-quality/usePlaybackQuality";
import { hlsConfig, isLowLatencyPlaylist, type PlaybackKind, refreshedRequestUrl } from "./hlsConfig";
import { isFatalMediaError, mediaErrorMessage } from "./mediaErrors";
import { useReportProgramDate } from "./ProgramClock";

export interface PlayerSource {
  /** What plays (a stream's live or recorded playlist): a new key starts a new player. */
  key: string;
  /** The signed playlist URL; a refreshed token under the same key carries on without a restart. */
  url: string;
  /** Spec 2 §4: played when the live URL fails its HEAD health check. */
  fallbackUrl: string | null;
  kind: PlaybackKind;
  /** Seconds into a replay (?clip_start_time=). */
  startAt: number;
}

const PROGRAM_CLOCK_INTERVAL_MS = 250;

/** Spec 2 §4: HEAD the live playlist; on failure or after 3.5 s play the fallback, if there is one. */
export async function healthyUrl(source: Omit<PlayerSource, "key">): Promise<string> {
  if (source.kind !== "live" || !source.fallbackUrl) return source.url;
  try {
    const answer = await fetch(source.url, {
      method: "HEAD",
      cache: "no-store",
      signal: AbortSignal.timeout(HLS_HEALTHCHECK_TIMEOUT_MS),
    });
    if (answer.ok) return source.url;
  } catch {
    // Timed out or unreachable: the fallback below.
  }
  return source.fallbackUrl;
}

type HlsClass = typeof Hls;

/** Spec 2 §8's HLS error for a playlist that is not a playable media playlist. */
export const NOT_A_MEDIA_PLAYLIST = "Expected playlist to be a media playlist";

/** An hls.js failure in the viewer's words (spec 2 §8). */
function hlsErrorMessage(HlsJs: HlsClass, data: ErrorData): string {
  const playlistErrors: string[] = [
    HlsJs.ErrorDetails.MANIFEST_PARSING_ERROR,
    HlsJs.ErrorDetails.LEVEL_PARSING_ERROR,
    HlsJs.ErrorDetails.LEVEL_EMPTY_ERROR,
  ];
  if (playlistErrors.includes(data.details)) return NOT_A_MEDIA_PLAYLIST;
  if (data.type === HlsJs.ErrorTypes.NETWORK_ERROR) return mediaErrorMessage(2);
  if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR) return mediaErrorMessage(3);
  return data.reason ?? data.error?.message ?? "The video could not be played.";
}

/** Native HLS only where hls.js cannot run (Safari on iOS): hls.js gives the catch-up rate and the clock. */
function usesNativeHls(HlsJs: HlsClass, video: HTMLVideoElement): boolean {
  return !HlsJs.isSupported() && video.canPlayType("application/vnd.apple.mpegurl") !== "";
}

const noReport = () => {};

/**
 * Plays `source` in the video element: hls.js (or native HLS), muted autoplay, fatal errors as a
 * message (`retry` starts again), and the program date of the frame on screen for useProgramClock.
 * `isPreview`: a second player (the clip dialog's): its frames are not what the room waits for, and it
 * waits for the viewer's Play, since a host's tab also composes the program (decoding both at once on a
 * small machine starves the program feed).
 */
export function useHlsPlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: PlayerSource | null,
  {
    isPreview = false,
    sessionId = null,
  }: {
    isPreview?: boolean;
    /** The session whose video plays: its views go to the quality collector (issue 28 §1). */
    sessionId?: number | null;
  } = {},
) {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reportToRoom = useReportProgramDate();
  const reportProgramDate = isPreview ? noReport : reportToRoom;
  const key = source?.key ?? null;
  const kind = source?.kind ?? "live";
  const startAt = source?.startAt ?? 0;
  const latestUrl = useRef<string | null>(null);
  const latestFallbackUrl = useRef<string | null>(null);
  latestUrl.current = source ? new URL(source.url, window.location.href).href : null;
  latestFallbackUrl.current = source?.fallbackUrl ?? null;
  // Each attempt (a Retry included) is a view of its own.
  const reportQuality = usePlaybackQuality(
    videoRef,
    sessionId !== null && key !== null && !isPreview
      ? { sessionId, delivery: "hls", key: `${key}#${attempt}` }
      : null,
  );
  const reportFailure = useRef(reportQuality);
  reportFailure.current = reportQuality;

  useEffect(() => {
    const video = videoRef.current;
    const url = latestUrl.current;
    const fallbackUrl = latestFallbackUrl.current;
    if (!video || key === null || url === null) return;
    // attempt: a Retry tears the player down and starts again.
    void attempt;
    let hls: Hls | null = null;
    let isCancelled = false;
    let hasRecoveredMedia = false;
    setError(null);
    video.muted = true;

    const onVideoError = () => {
      const code = video.error?.code ?? 0;
      if (!isFatalMediaError(code)) return;
      setError(mediaErrorMessage(code));
      reportFailure.current(`MEDIA_ERR_${code}`, video.error?.message ?? "", true);
      reportError("player", video.error?.message || mediaErrorMessage(code), `MEDIA_ERR_${code}`);
    };
    video.addEventListener("error", onVideoError);

    const programDate = (): number | null => {
      if (hls) return hls.playingDate?.getTime() ?? null;
      // Safari's native HLS: the playlist's first program date plus the position.
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.().getTime();
      return start && Number.isFinite(start) ? start + video.currentTime * 1000 : null;
    };
    // A player is on screen from now on: what happened waits for its picture.
    reportProgramDate({ programDateMs: null, hasEnded: false });
    const clock = window.setInterval(() => {
      const date = programDate();
      // The same clock on the element, where a browser test reads what the in-step modules compare with.
      video.dataset.programDate = date === null ? "" : String(date);
      // video.ended: played to #EXT-X-ENDLIST, which the room's End waits for (issue 23 §3.2).
      reportProgramDate({ programDateMs: date, hasEnded: video.ended });
    }, PROGRAM_CLOCK_INTERVAL_MS);

    // hls.js is loaded only when something plays (its own chunk).
    const loading = Promise.all([import("hls.js"), healthyUrl({ url, fallbackUrl, kind, startAt })]);
    void loading.then(([{ default: HlsJs }, playUrl]) => {
      if (isCancelled) return;
      if (usesNativeHls(HlsJs, video)) {
        video.src = playUrl;
        if (startAt > 0) {
          video.addEventListener("loadedmetadata", () => (video.currentTime = startAt), { once: true });
        }
      } else if (HlsJs.isSupported()) {
        hls = new HlsJs({
          ...hlsConfig({ kind, lowLatency: isLowLatencyPlaylist(playUrl), startAt }),
          xhrSetup: (xhr, requestUrl) => {
            const latest = latestUrl.current;
            const moved = playUrl === url && latest ? refreshedRequestUrl(requestUrl, url, latest) : null;
            if (moved) xhr.open("GET", moved, true);
          },
        });
        hls.on(HlsJs.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // One media recovery (a decode hiccup) before telling the viewer.
          if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR && !hasRecoveredMedia) {
            hasRecoveredMedia = true;
            hls?.recoverMediaError();
            return;
          }
          const message = hlsErrorMessage(HlsJs, data);
          setError(message);
          reportFailure.current(data.details, message, true);
          reportError("player", message, data.details);
        });
        hls.loadSource(playUrl);
        hls.attachMedia(video);
      } else {
        // Spec 2 §8: with no possible playback, the video will not work on this system.
        console.info("Neither hls.js nor native HLS is available: the video will not work on this system.");
        setError(mediaErrorMessage(4));
        return;
      }
      // Browsers refuse unmuted autoplay; muted playback starts, and the viewer unmutes.
      if (!isPreview) void video.play().catch(() => {});
    });

    return () => {
      isCancelled = true;
      window.clearInterval(clock);
      delete video.dataset.programDate;
      video.removeEventListener("error", onVideoError);
      hls?.destroy();
      video.removeAttribute("src");
      video.load();
      reportProgramDate(null);
    };
  }, [videoRef, key, kind, startAt, attempt, reportProgramDate, isPreview]);

  return { error, retry: () => setAttempt((n) => n + 1) };
}
