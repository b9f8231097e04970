const DAY_MS = 86_400_000;

export interface DayCount {
  date: string;
  count: number;
}

/** The server leaves out days without registrations; a chart over time needs them as zeros. */
export function withEmptyDays(perDay: readonly DayCount[]): DayCount[] {
  const first = perDay[0];
  const last = perDay.at(-1);
  if (!first || !last) return [];
  const counts = new Map(perDay.map((day) => [day.date, day.count]));
  const days: DayCount[] = [];
  for (let t = Date.parse(first.date); t <= Date.parse(last.date); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, count: counts.get(date) ?? 0 });
  }
  return days;
}

/** 'Mar 14' for a calendar day; the date is a day, not an instant, so it is read in UTC. */
export function formatDay(date: string, style: "short" | "long" = "short"): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: style === "short" ? "short" : "long",
    day: "numeric",
    year: style === "long" ? "numeric" : undefined,
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The chart's text alternative: the span, the total and the busiest day. */
export function chartSummary(perDay: readonly DayCount[], total: number): string {
  const first = perDay[0];
  const last = perDay.at(-1);
  if (!first || !last) return "No registrations yet.";
  const peak = perDay.reduce((best, day) => (day.count > best.count ? day : best), first);
  const noun = total === 1 ? "registration" : "registrations";
  if (first.date === last.date) return `${total} ${noun}, all on ${formatDay(first.date, "long")}.`;
  const span = `from ${formatDay(first.date, "long")} to ${formatDay(last.date, "long")}`;
  return `${total} ${noun} ${span}; the busiest day was ${formatDay(peak.date, "long")} with ${peak.count}.`;
}
