import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../ui/Button";
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
}

/**
 * Spec 2 §5: the recording, played where the clip is being chosen, once the viewer asks: a host's tab
 * also composes the live program, which a second decoder would slow for everyone.
 */
export function ClipPreview(props: ClipPreviewProps) {
  const [isShown, setShown] = useState(false);
  if (!isShown) {
    return (
      <div className="clip-preview clip-preview--off">
        <Button variant="secondary" onClick={() => setShown(true)} disabled={props.range === null}>
          Preview the clip
        </Button>
      </div>
    );
  }
  return <PreviewPlayer {...props} />;
}

function PreviewPlayer({ sessionId, vodUrl, seekTo, range }: ClipPreviewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const startAt = useRef(range?.start ?? 0).current;
  // One key per session: a refreshed token under the same key carries on (useHlsPlayer).
  const source = useMemo<PlayerSource>(
    () => ({ key: `clip-preview:${sessionId}`, url: vodUrl, fallbackUrl: null, kind: "vod", startAt }),
    [sessionId, vodUrl, startAt],
  );
  const { error } = useHlsPlayer(videoRef, source, { isPreview: true });

  // Asked for: it plays (muted, so the browser allows it).
  useEffect(() => {
    void videoRef.current?.play().catch(() => {});
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
