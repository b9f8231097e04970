import { useEffect, useState } from "react";
import { initialNow } from "./firstRender";

/** Behind by this much, a first render's clock is replaced at once. */
const CATCH_UP_MS = 1_000;

/** The current time in epoch ms, refreshed every `intervalMs`. Domain rules take `now` as a parameter. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(initialNow);
  useEffect(() => {
    // A hydrated page started from the server's clock: catch up at once when that shows (a mount
    // with a fresh clock renders no second time).
    setNow((shown) => (Date.now() - shown >= CATCH_UP_MS ? Date.now() : shown));
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
