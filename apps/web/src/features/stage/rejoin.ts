// Issue 23 §1.1: a stage whose SFU restarted joins again by itself. The first try comes at once (the new
// thread queues what it is sent while it starts); later ones back off so a failing SFU is not hammered by
// every member in step, and after the last one the member sees why.

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 4_000;
const MAX_ATTEMPTS = 8;

/** The wait before re-join attempt `attempt` (0 first), or null: give up and show the error. */
export function rejoinDelayMs(attempt: number): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
}
