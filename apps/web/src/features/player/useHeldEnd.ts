import { IN_STEP_MAX_HOLD_MS, isEndInStep, type SessionState } from "@onstage/domain";
import { useEffect, useState } from "react";
import type { PlayerReport } from "./ProgramClock";

const isOver = (state: SessionState) => state === "postevent" || state === "ended";

/**
 * Issue 23 §3.2: true while a viewer who was watching the live player when the session ended has not
 * yet seen its end (isEndInStep): End arrives 3-5 s before their picture shows the host ending.
 */
export function useHeldEnd(input: {
  state: SessionState;
  seesStage: boolean;
  endedAt: string | null;
  player: PlayerReport;
}): boolean {
  const { state, seesStage, endedAt, player } = input;
  const [previous, setPrevious] = useState(state);
  const [heldSince, setHeldSince] = useState<number | null>(null);
  // Decided in the render that brings the new state, so the live player is never unmounted meanwhile.
  if (state !== previous) {
    setPrevious(state);
    const wasWatchingLive = previous === "broadcasting" && !seesStage && player !== null;
    setHeldSince(wasWatchingLive && isOver(state) ? Date.now() : null);
  }
  const isHolding =
    heldSince !== null &&
    player !== null &&
    !isEndInStep({
      // Without an end time only the player's end or the limit lets it go.
      endedAtMs: endedAt === null ? Number.POSITIVE_INFINITY : Date.parse(endedAt),
      programDateMs: player.programDateMs,
      hasPlayerEnded: player.hasEnded,
      heldMs: Date.now() - heldSince,
    });
  useEffect(() => {
    if (heldSince === null) return;
    // Once let go, for good: the post-event screen's own player must not hold it again.
    if (!isHolding) return setHeldSince(null);
    // A picture that stalled reports nothing new: the limit lets it go.
    const timer = window.setTimeout(
      () => setHeldSince(null),
      Math.max(0, IN_STEP_MAX_HOLD_MS - (Date.now() - heldSince)),
    );
    return () => window.clearTimeout(timer);
  }, [heldSince, isHolding]);
  return isHolding;
}
