// Session times are typed in the event's own time zone (what the host announces), while the wire
// carries UTC instants. A datetime-local input has no zone, so we convert both ways here.

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function wallClockParts(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = wallClockParts(ms, timeZone);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The 'YYYY-MM-DDTHH:mm' a datetime-local input shows for an instant, in the event's time zone. */
export function toZonedInput(iso: string, timeZone: string): string {
  const p = wallClockParts(Date.parse(iso), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The UTC instant of a wall-clock time in the zone; null for a malformed input. */
export function fromZonedInput(local: string, timeZone: string): string | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined
  ) {
    return null;
  }
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset across a daylight-saving change.
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  const instant = asUtc - zoneOffsetMs(first, timeZone);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

/** Every zone the browser knows, plus the current one if the browser leaves it out (e.g. 'UTC'). */
export function timeZoneNames(current: string): string[] {
  const known = Intl.supportedValuesOf("timeZone");
  return known.includes(current) ? known : [current, ...known];
}

/** A date and time for host lists, in the event's own zone, e.g. 'Mar 14, 2026, 6:00 PM CET'. */
export function formatInZone(iso: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
  return `${text} ${zoneAbbreviation(iso, timeZone)}`;
}

function zoneAbbreviation(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(
    new Date(iso),
  );
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
}

/** The visitor's own zone: a sensible default for a new event, and for times that belong to no event. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The time of day in the event's own zone, for a chart's minutes: a formatter, made once per chart. */
export function timeOfDayInZone(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, timeStyle: "short" });
  return (iso) => format.format(new Date(iso));
}
