/**
 * Registrations per calendar day in the event's time zone, oldest first (the dashboard's chart).
 * Takes counts per slot that never straddles a local midnight.
 */
export function countPerDay(
  buckets: readonly { startMs: number; count: number }[],
  timeZone: string,
): { date: string; count: number }[] {
  const format = dayFormatter(timeZone);
  const days = new Map<string, number>();
  for (const { startMs, count } of buckets) {
    const date = format(startMs);
    days.set(date, (days.get(date) ?? 0) + count);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count }));
}

/** 'YYYY-MM-DD' of an instant in a zone; an unknown zone (older rows) falls back to UTC. */
function dayFormatter(timeZone: string): (ms: number) => string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
  } catch {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
  }
  return (ms) => {
    const parts = Object.fromEntries(formatter.formatToParts(ms).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}
