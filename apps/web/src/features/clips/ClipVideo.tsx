import type { Clip } from "@onstage/domain";
import { useRef } from "react";
import { countClipView } from "./clipsApi";

/** The cut clip's MP4, counted as a view when it first plays (the server counts a viewer once an hour). */
export function ClipVideo({ clip, className }: { clip: Clip; className: string }) {
  const isCounted = useRef(false);
  const countView = () => {
    if (isCounted.current) return;
    isCounted.current = true;
    // A view the server missed is the host's analytics' loss, not something to tell the viewer.
    countClipView(clip.slug).catch(() => {});
  };
  return (
    // biome-ignore lint/a11y/useMediaCaption: clips are cut from a live session, which has no caption file.
    <video
      className={className}
      aria-label={clip.title}
      controls
      playsInline
      src={clip.videoUrl ?? undefined}
      poster={clip.thumbnailUrl ?? undefined}
      onPlay={countView}
    />
  );
}
