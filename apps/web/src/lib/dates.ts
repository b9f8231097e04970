// The countdown's arithmetic. Showing a time is the domain's `shownTime` (one rule for every page).

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `targetMs`; null once it has passed. */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}
