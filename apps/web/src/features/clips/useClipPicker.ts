import {
  type ClipRangeSeconds,
  type ClipWindow,
  clipWindow,
  defaultClipRange,
  moveClipEnd,
  moveClipStart,
} from "@onstage/domain";
import { useEffect, useState } from "react";

/** Moving the end shows the clip's last seconds, so its end can be judged. */
const END_PREVIEW_SECONDS = 3;

export interface ClipPicker {
  playlistWindow: ClipWindow;
  range: ClipRangeSeconds;
  /** Where the preview goes: the start, or just before the end after the end moved. */
  seekTo: number;
}

/**
 * The create-clip dialog's range (spec 2 §5, §9): unknown until the recording's length is, then the
 * window around `pointSeconds` (null: the recording's end, live) fixed for the dialog.
 * Whole seconds: the range inputs step by one.
 */
export function useClipPicker(pointSeconds: number | null, recordedSeconds: number | null) {
  const [picker, setPicker] = useState<ClipPicker | null>(null);
  useEffect(() => {
    if (recordedSeconds === null) return;
    setPicker((current) => {
      if (current) return current;
      const whole = Math.floor(recordedSeconds);
      const point = pointSeconds === null ? whole : Math.floor(pointSeconds);
      const playlistWindow = clipWindow(point, whole);
      const range = defaultClipRange(point, playlistWindow);
      return { playlistWindow, range, seekTo: range.start };
    });
  }, [pointSeconds, recordedSeconds]);
  const moveStart = (seconds: number) =>
    setPicker((p) => {
      if (!p) return p;
      const range = moveClipStart(p.range, seconds, p.playlistWindow);
      return { ...p, range, seekTo: range.start };
    });
  const moveEnd = (seconds: number) =>
    setPicker((p) => {
      if (!p) return p;
      const range = moveClipEnd(p.range, seconds, p.playlistWindow);
      return { ...p, range, seekTo: Math.max(range.start, range.end - END_PREVIEW_SECONDS) };
    });
  return { picker, moveStart, moveEnd };
}
