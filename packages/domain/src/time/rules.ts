// Issue 10 §2.4: every time is shown in the viewer's own zone, with the event's zone in a tooltip (spec 2
// §4 "time zone tooltip"); this is the one formatting rule the landing page and the cards share.

// Building an Intl.DateTimeFormat costs far more than formatting with one (a landing page shows a dozen
// times, on the server for every first render): one per zone and style, kept. A zone name comes from a
// cookie on the server, and names are case-insensitive: the cache is capped.
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 2_000;

function formatIn(timeZone: string | undefined, style: "parts" | "full" | "zone"): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, ...FORMAT_OPTIONS[style] });
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

const FORMAT_OPTIONS = {
  parts: {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  },
  full: { dateStyle: "full", timeStyle: "short" },
  zone: { timeZoneName: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** An IANA zone the runtime knows, else undefined (the runtime's own zone): a bad name must not throw. */
export function knownTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    formatIn(timeZone, "zone");
    return timeZone;
  } catch {
    return undefined;
  }
}

function fullWording(date: Date, timeZone: string | undefined): string {
  const zone = formatIn(timeZone, "zone")
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName")?.value;
  return `${formatIn(timeZone, "full").format(date)} ${zone ?? ""}`.trim();
}

export interface ShownTime {
  month: string;
  day: string;
  /** "6:00 PM" */
  time: string;
  /** The viewer's zone, short: "CET", "GMT+2". */
  zone: string;
  /** One line for event cards: "Sat, Mar 14, 6:00 PM CET". */
  short: string;
  /** "Saturday, March 14, 2026 at 6:00 PM CET". */
  full: string;
  /** The same instant in the event's zone: "Event time: Saturday, March 14, 2026 at 1:00 PM EDT (America/New_York)". */
  eventZoneTooltip: string;
}

/** `iso` in the viewer's zone (the runtime's when not given), with the event's zone for the tooltip. */
export function shownTime(iso: string, zones: { viewer?: string; event?: string }): ShownTime {
  const date = new Date(iso);
  const viewer = knownTimeZone(zones.viewer);
  const event = knownTimeZone(zones.event);
  const parts = formatIn(viewer, "parts").formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const time = `${part("hour")}:${part("minute")} ${part("dayPeriod")}`.trim();
  return {
    month: part("month"),
    day: part("day"),
    time,
    zone: part("timeZoneName"),
    short: `${part("weekday")}, ${part("month")} ${part("day")}, ${time} ${part("timeZoneName")}`,
    full: fullWording(date, viewer),
    eventZoneTooltip: `Event time: ${fullWording(date, event)}${event ? ` (${event})` : ""}`,
  };
}
