import { type RefObject, useCallback, useEffect, useState } from "react";

// The stream's captions as the video element has them: hls.js (renderTextTracksNatively) and Safari's
// native HLS both add the subtitle rendition as a text track. Hiding sets the track's mode to "hidden",
// which hls.js reads as subtitleDisplay off: the cues keep loading, only their display stops.

const isCaptionTrack = (track: TextTrack) => track.kind === "subtitles" || track.kind === "captions";

export interface CaptionTracks {
  /** The stream carries captions (the host's toggle is on): the CC button shows. */
  isAvailable: boolean;
  isShown: boolean;
  setShown(shown: boolean): void;
}

/** The captions of the video element's stream, for this viewer to show or hide. */
export function useCaptionTracks(videoRef: RefObject<HTMLVideoElement | null>): CaptionTracks {
  const [state, setState] = useState({ isAvailable: false, isShown: false });

  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    const read = () => {
      const captions = Array.from(tracks).filter(isCaptionTrack);
      setState({
        isAvailable: captions.length > 0,
        isShown: captions.some((track) => track.mode === "showing"),
      });
    };
    read();
    tracks.addEventListener("addtrack", read);
    tracks.addEventListener("removetrack", read);
    tracks.addEventListener("change", read);
    return () => {
      tracks.removeEventListener("addtrack", read);
      tracks.removeEventListener("removetrack", read);
      tracks.removeEventListener("change", read);
    };
  }, [videoRef]);

  const setShown = useCallback(
    (shown: boolean) => {
      const tracks = videoRef.current?.textTracks;
      if (!tracks) return;
      // One rendition at most is shown (the master lists one subtitle group, DEFAULT=YES).
      const [first] = Array.from(tracks).filter(isCaptionTrack);
      if (!first) return;
      first.mode = shown ? "showing" : "hidden";
      // The list's "change" event comes a task later: the button answers the click at once.
      setState((current) => ({ ...current, isShown: shown }));
    },
    [videoRef],
  );

  return { ...state, setShown };
}
