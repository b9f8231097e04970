import type { VideoShareState } from "./schemas";

// Issue 25 §2: a shared video's state is where it was at a moment, playing or paused; where it is now
// follows from that, the same for the server, the host's controls and every page that plays it.

/** Seconds into the video at `nowMs`: never before the start, never past the end. */
export function videoPositionAt(state: VideoShareState, durationMs: number, nowMs: number): number {
  const elapsed = state.status === "playing" ? Math.max(0, (nowMs - Date.parse(state.updatedAt)) / 1000) : 0;
  return Math.max(0, Math.min(state.position + elapsed, durationMs / 1000));
}
