import { playlistSeconds, tallestVariant } from "@onstage/domain";
import { useEffect, useState } from "react";

async function text(url: URL): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`playlist ${response.status}`);
  return response.text();
}

/** The recording's length in seconds, read from its playlist (a ladder's tallest rendition). */
async function recordingSeconds(vodUrl: string): Promise<number> {
  const url = new URL(vodUrl, window.location.href);
  const playlist = await text(url);
  const variant = tallestVariant(playlist);
  return playlistSeconds(variant ? await text(new URL(variant, url)) : playlist);
}

/**
 * Issue 26 §1: how long the recording is when the dialog opens (it grows while live), without a player:
 * a host's tab composes the program, and a second decoder in it would starve the feed.
 */
export function useRecordingLength(vodUrl: string): { seconds: number | null; failed: boolean } {
  const [state, setState] = useState<{ seconds: number | null; failed: boolean }>({
    seconds: null,
    failed: false,
  });
  useEffect(() => {
    let isCurrent = true;
    recordingSeconds(vodUrl).then(
      (seconds) => isCurrent && setState({ seconds, failed: false }),
      () => isCurrent && setState({ seconds: null, failed: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [vodUrl]);
  return state;
}
