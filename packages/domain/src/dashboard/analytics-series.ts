import { MINUTE_MS } from "../constants";

/** A chart's series are at most a day of minutes; a longer span shows its first day. */
export const SERIES_MAX_MINUTES = 24 * 60;

/** The minutes (ISO, UTC) from `from`'s minute to `to`'s, at most SERIES_MAX_MINUTES of them. */
export function minutesBetween(from: Date, to: Date): string[] {
  const first = Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS;
  const last = Math.floor(to.getTime() / MINUTE_MS) * MINUTE_MS;
  const count = Math.min(SERIES_MAX_MINUTES, Math.max(0, (last - first) / MINUTE_MS + 1));
  return Array.from({ length: count }, (_, i) => new Date(first + i * MINUTE_MS).toISOString());
}

/** Counts per minute onto every minute of the span, zeros where none were counted. */
export function fillMinutes<T extends object>(
  minutes: readonly string[],
  rows: readonly (T & { minute: string })[],
  empty: T,
): (T & { minute: string })[] {
  const byMinute = new Map(rows.map((row) => [new Date(row.minute).toISOString(), row]));
  return minutes.map((minute) => ({ ...empty, ...byMinute.get(minute), minute }));
}

/**
 * How many of the intervals cover each minute (a minute counts an interval that touches it): the live
 * viewers per minute from attendance spans, the concurrent plays from views.
 */
export function coveringPerMinute(
  minutes: readonly string[],
  intervals: readonly { from: Date; to: Date }[],
): number[] {
  const first = minutes[0];
  if (first === undefined) return [];
  const start = Date.parse(first);
  const changes = new Array<number>(minutes.length + 1).fill(0);
  const index = (at: Date) => Math.floor((at.getTime() - start) / MINUTE_MS);
  for (const { from, to } of intervals) {
    const a = Math.max(0, index(from));
    const b = Math.min(minutes.length - 1, index(to));
    if (a > b) continue;
    changes[a] = (changes[a] ?? 0) + 1;
    changes[b + 1] = (changes[b + 1] ?? 0) - 1;
  }
  let running = 0;
  return minutes.map((_, i) => (running += changes[i] ?? 0));
}
