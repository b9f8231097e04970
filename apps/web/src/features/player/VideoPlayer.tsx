import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { useCaptionTracks } from "./useCaptionTracks";
import { type PlayerSource, useHlsPlayer } from "./useHlsPlayer";

export interface VideoPlayerProps {
  source: PlayerSource;
  /** Drawn over the video's top-left corner (the LIVE badge and the viewer count). */
  badges?: ReactNode;
  label: string;
  /** Controls of another feature beside Unmute and CC (the Clip button). */
  tools?: ReactNode;
  /** Where another part reads the video from (the clip dialog: the replay's position). */
  videoRef?: RefObject<HTMLVideoElement | null>;
}

/**
 * The HLS player: muted autoplay with an Unmute button, fatal errors with Retry (spec 2 §8), and a CC
 * button when the stream carries captions (the viewer's own choice to show or hide them).
 */
export function VideoPlayer({ source, badges, label, tools, videoRef: sharedRef }: VideoPlayerProps) {
  const ownRef = useRef<HTMLVideoElement>(null);
  const videoRef = sharedRef ?? ownRef;
  const { error, retry } = useHlsPlayer(videoRef, source);
  const captions = useCaptionTracks(videoRef);
  const [isMuted, setMuted] = useState(true);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onVolume = () => setMuted(video.muted);
    video.addEventListener("volumechange", onVolume);
    return () => video.removeEventListener("volumechange", onVolume);
  }, [videoRef]);
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
      {!error && (isMuted || captions.isAvailable || tools) && (
        <div className="video-player__controls">
          {tools}
          {captions.isAvailable && (
            <Button
              size="sm"
              variant={captions.isShown ? "primary" : "secondary"}
              title="Captions"
              aria-pressed={captions.isShown}
              onClick={() => captions.setShown(!captions.isShown)}
            >
              CC
            </Button>
          )}
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
          <Button size="sm" onClick={retry}>
            Retry
          </Button>
        </div>
      )}
    </div>
  );
}
