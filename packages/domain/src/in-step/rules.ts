import type { SessionState } from "../vocabulary";

// Issue 12 §11: what the stage did reaches each viewer when their picture shows it. An HLS viewer is
// seconds behind the stage; a poll launched, a question shown on stage or a reaction must not appear
// before that viewer sees the host announce it. Times are the server's (a realtime message's `at`, a
// row's timestamp) compared with the program date of the frame on screen (#EXT-X-PROGRAM-DATE-TIME,
// also the server's clock), so the viewer's own clock never enters.

/**
 * How a viewer sees the stage: `realtime` on the stage or over WebRTC (no delay to wait for), `live`
 * through the HLS player while the session broadcasts, `replay` through the recording afterwards.
 */
export type StageDelivery = "realtime" | "live" | "replay";

/** A viewer's delivery from the session's state and whether they see the stage itself (seesStage). */
export function stageDelivery(state: SessionState, seesStage: boolean): StageDelivery {
  if (seesStage) return "realtime";
  if (state === "broadcasting") return "live";
  if (state === "postevent" || state === "ended") return "replay";
  // Before the broadcast nothing plays: nothing to wait for.
  return "realtime";
}

/**
 * A live viewer gets what happened after this long anyway: longer than any live latency the player
 * allows (it catches up past four segments), so it only rescues a viewer whose picture does not move
 * (loading, stalled, paused, failed), never beats a picture that plays.
 */
export const IN_STEP_MAX_HOLD_MS = 30_000;

export interface InStepInput {
  delivery: StageDelivery;
  /** When it happened, server time (epoch ms). */
  happenedAtMs: number;
  /** The program date of the frame on screen (epoch ms), or null when nothing with one plays. */
  programDateMs: number | null;
  /** How long this viewer has held it, by its own clock (only the live fallback uses it). */
  heldMs: number;
}

/** Whether the viewer sees it now. */
export function isInStep({ delivery, happenedAtMs, programDateMs, heldMs }: InStepInput): boolean {
  switch (delivery) {
    case "realtime":
      return true;
    case "live":
      if (heldMs >= IN_STEP_MAX_HOLD_MS) return true;
      return programDateMs !== null && happenedAtMs <= programDateMs;
    case "replay":
      // Before the recording plays, the whole record; while it plays, what had happened by then.
      return programDateMs === null || happenedAtMs <= programDateMs;
  }
}

export interface EndInStepInput {
  /** When the host ended, server time (the session's timeBroadcastEnd). */
  endedAtMs: number;
  /** The program date of the frame on screen, or null while the player shows none. */
  programDateMs: number | null;
  /** The player played the program to its #EXT-X-ENDLIST (its media ended). */
  hasPlayerEnded: boolean;
  /** How long this viewer has held the end, by its own clock. */
  heldMs: number;
}

/**
 * Issue 23 §3.2: End reaches a live viewer when their picture does, as a poll does. The post-event
 * screen waits until the player has played the program to its last frame (or past the moment of End);
 * a picture that never gets there (stalled, failed) waits no longer than IN_STEP_MAX_HOLD_MS.
 */
export function isEndInStep({ endedAtMs, programDateMs, hasPlayerEnded, heldMs }: EndInStepInput): boolean {
  if (hasPlayerEnded || heldMs >= IN_STEP_MAX_HOLD_MS) return true;
  return programDateMs !== null && endedAtMs <= programDateMs;
}
