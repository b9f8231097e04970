import { IN_STEP_MAX_HOLD_MS, isInStep, type Reached } from "@onstage/domain";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
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

export interface InStepViewOptions<T, U> {
  keyOf: (item: T) => string | number;
  /** The item as this viewer's picture has it (asking `reached` about its moments), or null: not yet. */
  view: (item: T, reached: Reached) => U | null;
}

/**
 * Issue 12 §11: each item as this viewer's picture has reached it (everything on the stage or over
 * WebRTC; on the live player what it has shown; in the replay what happened before the frame on
 * screen). Re-evaluated as the player's clock moves (every 250 ms while it plays).
 */
export function useInStepView<T, U>(items: readonly T[], { keyOf, view }: InStepViewOptions<T, U>): U[] {
  const { programDateMs, delivery } = useProgramClock();
  // When this tab first held each moment (item and time), for the live fallback of a picture that stays put.
  const firstHeld = useRef(new Map<string, number>());
  const [wakes, wake] = useReducer((n: number) => n + 1, 0);
  const { visible, isHolding } = useMemo(() => {
    void wakes;
    const now = Date.now();
    const held = new Map<string, number>();
    let isHolding = false;
    const visible: U[] = [];
    for (const item of items) {
      const reached: Reached = (happenedAtMs, holdsLive = true) => {
        const mode = delivery === "live" && !holdsLive ? "realtime" : delivery;
        const moment = `${keyOf(item)}@${happenedAtMs}`;
        const since = firstHeld.current.get(moment) ?? now;
        held.set(moment, since);
        const isReached = isInStep({ delivery: mode, happenedAtMs, programDateMs, heldMs: now - since });
        // A picture that does not move never re-runs this: a timer does, for the hold's end.
        if (!isReached && mode === "live") isHolding = true;
        return isReached;
      };
      const seen = view(item, reached);
      if (seen !== null) visible.push(seen);
    }
    // Moments no longer asked about (items gone, times changed) are forgotten.
    firstHeld.current = held;
    return { visible, isHolding };
  }, [items, keyOf, view, delivery, programDateMs, wakes]);
  useEffect(() => {
    if (!isHolding) return;
    const timer = window.setInterval(wake, IN_STEP_MAX_HOLD_MS / 10);
    return () => window.clearInterval(timer);
  }, [isHolding]);
  return visible;
}

/** useInStepView for items that happened at one moment: those this viewer's picture has reached. */
export function useInStep<T>(
  items: readonly T[],
  { keyOf, happenedAtMs, holdsLive = true }: InStepOptions<T>,
): T[] {
  const view = useCallback(
    (item: T, reached: Reached) => (reached(happenedAtMs(item), holdsLive) ? item : null),
    [happenedAtMs, holdsLive],
  );
  return useInStepView(items, { keyOf, view });
}
