// Issue 10 §2.4: every time is shown in the viewer's own zone, with the event's zone in a tooltip (spec 2
// §4 "time zone tooltip"); this is the one formatting rule the landing page and the cards share.

/** An IANA zone the runtime knows, else undefined (the runtime's own zone): a bad name must not throw. */
function knownTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

function fullWording(date: Date, timeZone: string | undefined): string {
  const options = { timeZone, dateStyle: "full", timeStyle: "short" } as const;
  const zone = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName")?.value;
  return `${new Intl.DateTimeFormat("en-US", options).format(date)} ${zone ?? ""}`.trim();
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
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: viewer,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).formatToParts(date);
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
