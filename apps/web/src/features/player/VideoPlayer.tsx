import { type ReactNode, type RefObject, useRef } from "react";
import { Button } from "../../ui/Button";
import { PlayerFrame } from "./PlayerFrame";
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
  onPlaying?: () => void;
  /** The session whose video this is: its views are measured (issue 28 §1). */
  sessionId?: number;
}

/**
 * The HLS player: muted autoplay with an Unmute button, fatal errors with Retry (spec 2 §8), and a CC
 * button when the stream carries captions (the viewer's own choice to show or hide them).
 */
export function VideoPlayer({
  source,
  badges,
  label,
  tools,
  videoRef: sharedRef,
  onPlaying,
  sessionId,
}: VideoPlayerProps) {
  const ownRef = useRef<HTMLVideoElement>(null);
  const videoRef = sharedRef ?? ownRef;
  const { error, retry } = useHlsPlayer(videoRef, source, { sessionId: sessionId ?? null });
  const captions = useCaptionTracks(videoRef);
  return (
    <PlayerFrame
      videoRef={videoRef}
      label={label}
      badges={badges}
      hasNativeControls={source.kind === "vod"}
      error={error}
      onRetry={retry}
      onPlaying={onPlaying}
      tools={
        (tools || captions.isAvailable) && (
          <>
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
          </>
        )
      }
    />
  );
}
