import { useEffect, useState } from "react";
import { initialNow } from "./firstRender";

/** The current time in epoch ms, refreshed every `intervalMs`. Domain rules take `now` as a parameter. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(initialNow);
  useEffect(() => {
    // A hydrated page started from the server's clock: catch up at once.
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
