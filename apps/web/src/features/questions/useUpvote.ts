import { UPVOTE_DEBOUNCE_MS } from "@onstage/domain";
import { useEffect, useRef, useState } from "react";

/**
 * Spec 2 §5: upvote calls are debounced by 500 ms. The button shows the wanted state at once; the call
 * goes out once clicks stop, and only when the wanted state differs from the server's.
 */
export function useUpvote(isUpvoted: boolean, send: (add: boolean) => Promise<unknown>) {
  const [wanted, setWanted] = useState<boolean | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const shown = wanted ?? isUpvoted;
  const toggle = () => {
    const next = !shown;
    setWanted(next);
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => {
      const done = () => setWanted(null);
      if (next === isUpvoted) done();
      else void latestSend.current(next).finally(done);
    }, UPVOTE_DEBOUNCE_MS);
  };
  return { isUpvoted: shown, toggle };
}
