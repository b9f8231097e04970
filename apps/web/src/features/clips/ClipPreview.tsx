import { useEffect, useMemo, useRef } from "react";
import type { PlayerSource } from "../player/useHlsPlayer";
import { useHlsPlayer } from "../player/useHlsPlayer";

export interface ClipPreviewProps {
  sessionId: number;
  /** The recording's signed playlist. */
  vodUrl: string;
  /** Seconds into the recording the preview goes to (the range's handle last moved). */
  seekTo: number | null;
  /** The chosen range: the preview plays it over and over. */
  range: { start: number; end: number } | null;
  /** The recording's length as the player knows it, each time it is known anew (it grows while live). */
  onRecorded: (seconds: number) => void;
}

/** A live recording's playlist has no end yet: its length is where its seekable part ends. */
function recordedSeconds(video: HTMLVideoElement): number | null {
  if (Number.isFinite(video.duration) && video.duration > 0) return video.duration;
  const { seekable } = video;
  return seekable.length > 0 ? seekable.end(seekable.length - 1) : null;
}

/** Spec 2 §5: the recording, played where the clip is being chosen. */
export function ClipPreview({ sessionId, vodUrl, seekTo, range, onRecorded }: ClipPreviewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // One key per session: a refreshed token under the same key carries on (useHlsPlayer).
  const source = useMemo<PlayerSource>(
    () => ({ key: `clip-preview:${sessionId}`, url: vodUrl, fallbackUrl: null, kind: "vod", startAt: 0 }),
    [sessionId, vodUrl],
  );
  const { error } = useHlsPlayer(videoRef, source, { isProgram: false });
  const recorded = useRef(onRecorded);
  useEffect(() => {
    recorded.current = onRecorded;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const report = () => {
      const seconds = recordedSeconds(video);
      if (seconds !== null) recorded.current(seconds);
    };
    video.addEventListener("loadedmetadata", report);
    video.addEventListener("durationchange", report);
    return () => {
      video.removeEventListener("loadedmetadata", report);
      video.removeEventListener("durationchange", report);
    };
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (video && seekTo !== null) video.currentTime = seekTo;
  }, [seekTo]);

  const start = range?.start ?? null;
  const end = range?.end ?? null;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || start === null || end === null) return;
    const loop = () => {
      if (video.currentTime >= end) video.currentTime = start;
    };
    video.addEventListener("timeupdate", loop);
    return () => video.removeEventListener("timeupdate", loop);
  }, [start, end]);

  return (
    <div className="clip-preview">
      <video
        ref={videoRef}
        className="clip-preview__video"
        aria-label="Clip preview"
        playsInline
        muted
        controls
      />
      {error && (
        <p className="clip-preview__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
