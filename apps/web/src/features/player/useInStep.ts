import { IN_STEP_MAX_HOLD_MS, isInStep } from "@onstage/domain";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { useProgramClock } from "./ProgramClock";

export interface InStepOptions<T> {
  keyOf: (item: T) => string | number;
  /** When it happened on the stage, server time (epoch ms). */
  happenedAtMs: (item: T) => number;
  /**
   * False for what the audience does rather than the stage (chat): live viewers get it at once, and
   * only the replay replays it in step.
   */
  holdsLive?: boolean;
}

/**
 * Issue 12 §11: the items this viewer's picture has reached (all of them on the stage or over WebRTC;
 * on the live player those it has shown; in the replay those before the frame on screen). Re-evaluated
 * as the player's clock moves (every 250 ms while it plays).
 */
export function useInStep<T>(
  items: readonly T[],
  { keyOf, happenedAtMs, holdsLive = true }: InStepOptions<T>,
): T[] {
  const clock = useProgramClock();
  const { programDateMs } = clock;
  const delivery = clock.delivery === "live" && !holdsLive ? "realtime" : clock.delivery;
  // When this tab first held each item, for the live fallback of a player that shows nothing.
  const firstHeld = useRef(new Map<string | number, number>());
  const [wakes, wake] = useReducer((n: number) => n + 1, 0);
  const visible = useMemo(() => {
    void wakes;
    const now = Date.now();
    return items.filter((item) => {
      const key = keyOf(item);
      const held = firstHeld.current.get(key) ?? now;
      firstHeld.current.set(key, held);
      return isInStep({ delivery, happenedAtMs: happenedAtMs(item), programDateMs, heldMs: now - held });
    });
  }, [items, keyOf, happenedAtMs, delivery, programDateMs, wakes]);
  const isHolding = delivery === "live" && programDateMs === null && visible.length < items.length;
  useEffect(() => {
    if (!isHolding) return;
    const timer = window.setInterval(wake, IN_STEP_MAX_HOLD_MS / 10);
    return () => window.clearInterval(timer);
  }, [isHolding]);
  return visible;
}
