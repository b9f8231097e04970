import { useEffect, useRef } from "react";
import type { StageParticipant } from "../stage/types";
import { SlateProgram } from "./ProgramCanvas";

/**
 * An RTMP session's program under LiveKit Egress: the encoder's picture full frame, with its sound (the
 * encoder is the whole show: no tiles, no name bar); the brand slate until the encoder publishes.
 */
export function EncoderProgram({
  encoder,
  title,
}: {
  encoder: StageParticipant | null;
  /** The event's title, on the slate until the encoder publishes. */
  title: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const media = encoder?.media ?? null;
  useEffect(() => {
    if (video.current) video.current.srcObject = media;
  }, [media]);
  if (!media) return <SlateProgram title={title} />;
  return (
    <div className="recorder-view">
      {/* biome-ignore lint/a11y/useMediaCaption: Egress records this page; viewers get captions as WebVTT beside the stream. */}
      <video ref={video} autoPlay playsInline aria-label="Program" />
    </div>
  );
}
