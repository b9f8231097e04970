import { type ReactNode, type RefObject, useEffect, useState } from "react";
import { Button } from "../../ui/Button";

export interface PlayerFrameProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  label: string;
  /** Drawn over the video's top-left corner (the LIVE badge and the viewer count). */
  badges?: ReactNode;
  /** Controls beside Unmute (CC, the Clip button). */
  tools?: ReactNode;
  /** The browser's own controls (a replay's seek bar). */
  hasNativeControls?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The first frame played (the delivery switch shows this player from then on). */
  onPlaying?: () => void;
}

/**
 * A player's frame, whatever feeds the video (HLS, or the program over WebRTC): muted autoplay with an
 * Unmute button, badges, tools, and a failure with Retry (spec 2 §8).
 */
export function PlayerFrame(props: PlayerFrameProps) {
  const { videoRef, label, badges, tools, error, onRetry, onPlaying } = props;
  const [isMuted, setMuted] = useState(true);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onVolume = () => setMuted(video.muted);
    // A picture that moves: a first frame alone (its size known) may still wait for autoplay.
    const played = () => {
      if (video.videoWidth > 0 && !video.paused) onPlaying?.();
    };
    const events = ["volumechange", "playing", "resize", "timeupdate"] as const;
    const handlers = { volumechange: onVolume, playing: played, resize: played, timeupdate: played };
    for (const event of events) video.addEventListener(event, handlers[event]);
    return () => {
      for (const event of events) video.removeEventListener(event, handlers[event]);
    };
  }, [videoRef, onPlaying]);
  const unmute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    void video.play().catch(() => {});
  };
  return (
    <div className="video-player">
      {/* Muted so browsers allow autoplay; the viewer unmutes with the button. */}
      <video
        ref={videoRef}
        className="video-player__video"
        aria-label={label}
        playsInline
        autoPlay
        muted
        controls={props.hasNativeControls}
      />
      {badges && <div className="video-player__badges">{badges}</div>}
      {!error && (isMuted || tools) && (
        <div className="video-player__controls">
          {tools}
          {isMuted && (
            <Button size="sm" onClick={unmute}>
              Unmute
            </Button>
          )}
        </div>
      )}
      {error && (
        <div className="video-player__error" role="alert">
          <p>{error}</p>
          {onRetry && (
            <Button size="sm" onClick={onRetry}>
              Retry
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
