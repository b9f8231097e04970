import { useEffect, useState } from "react";

/** The current time in epoch ms, refreshed every `intervalMs`. Domain rules take `now` as a parameter. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
