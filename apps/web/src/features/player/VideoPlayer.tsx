import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { type PlayerSource, useHlsPlayer } from "./useHlsPlayer";

export interface VideoPlayerProps {
  source: PlayerSource;
  /** Drawn over the video's top-left corner (the LIVE badge and the viewer count). */
  badges?: ReactNode;
  label: string;
}

/** The HLS player: muted autoplay with an Unmute button, fatal errors with Retry (spec 2 §8). */
export function VideoPlayer({ source, badges, label }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { error, retry } = useHlsPlayer(videoRef, source);
  const [isMuted, setMuted] = useState(true);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onVolume = () => setMuted(video.muted);
    video.addEventListener("volumechange", onVolume);
    return () => video.removeEventListener("volumechange", onVolume);
  }, []);
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
        controls={source.kind === "vod"}
      />
      {badges && <div className="video-player__badges">{badges}</div>}
      {isMuted && !error && (
        <Button className="video-player__unmute" size="sm" onClick={unmute}>
          Unmute
        </Button>
      )}
      {error && (
        <div className="video-player__error" role="alert">
          <p>{error}</p>
          <Button size="sm" onClick={retry}>
            Retry
          </Button>
        </div>
      )}
    </div>
  );
}
