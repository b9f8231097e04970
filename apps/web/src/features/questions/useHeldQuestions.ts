import { QUESTION_RESORT_COUNTDOWN_MS } from "@onstage/domain";
import { useCallback, useEffect, useState } from "react";

const TICK_MS = 250;

/**
 * Spec 2 §9 re-sort countdown: questions just marked Done stay in place for 3 s. `hold(id)` starts one;
 * `secondsLeft` is what the countdown shows; the question moves when it ends.
 */
export function useHeldQuestions(now: () => number = Date.now) {
  const [deadlines, setDeadlines] = useState<ReadonlyMap<number, number>>(new Map());
  const [, tick] = useState(0);
  useEffect(() => {
    if (deadlines.size === 0) return;
    const timer = setInterval(() => {
      const at = now();
      const live = [...deadlines].filter(([, deadline]) => deadline > at);
      if (live.length === deadlines.size) tick((n) => n + 1);
      else setDeadlines(new Map(live));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadlines, now]);
  const hold = useCallback(
    (id: number) => setDeadlines((held) => new Map(held).set(id, now() + QUESTION_RESORT_COUNTDOWN_MS)),
    [now],
  );
  const secondsLeft = (id: number) => {
    const deadline = deadlines.get(id);
    return deadline === undefined ? null : Math.max(1, Math.ceil((deadline - now()) / 1000));
  };
  return { ids: new Set(deadlines.keys()) as ReadonlySet<number>, hold, secondsLeft };
}
