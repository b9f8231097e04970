// Issue 12 §11: the replay shows the chat in step with the recording, so it loads the messages around
// the frame on screen, not the newest page of a long session.

/** Loaded this far past the frame on screen, so a message is there before the recording reaches it. */
export const REPLAY_CHAT_LOOKAHEAD_MS = 30_000;

export interface ReplayWindow {
  /** The program date of the frame on screen. */
  programDateMs: number;
  /** Up to when messages are loaded; null before the first replay load. */
  loadedUpToMs: number | null;
  /** The earliest moment the kept messages cover (the oldest one while older pages remain). */
  keptFromMs: number;
}

/** The load the replay needs now: a page around the position (a seek), the next ones, or nothing. */
export function replayChatLoad(w: ReplayWindow): { upToMs: number; sinceMs: number | null } | null {
  const upToMs = w.programDateMs + REPLAY_CHAT_LOOKAHEAD_MS;
  if (w.loadedUpToMs === null || w.programDateMs < w.keptFromMs || w.programDateMs > w.loadedUpToMs)
    return { upToMs, sinceMs: null };
  if (w.programDateMs + REPLAY_CHAT_LOOKAHEAD_MS / 2 > w.loadedUpToMs)
    return { upToMs, sinceMs: w.loadedUpToMs };
  return null;
}
