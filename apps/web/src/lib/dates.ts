// Display helpers for times. Times arrive as ISO strings; an event is shown in its own time zone.

function validTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    // An unknown zone name from the server must not break the page: fall back to the viewer's zone.
    return undefined;
  }
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? "";
}

export interface DateBoxParts {
  month: string;
  day: string;
  time: string;
  zone: string;
  /** Full wording for assistive technology, e.g. "Saturday, March 14, 2026 at 6:00 PM CET". */
  full: string;
}

export function dateBoxParts(iso: string, timeZone?: string): DateBoxParts {
  const zone = validTimeZone(timeZone);
  const date = new Date(iso);
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).formatToParts(date);
  const full = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(date);
  const zoneName = part(parts, "timeZoneName");
  return {
    month: part(parts, "month"),
    day: part(parts, "day"),
    time: `${part(parts, "hour")}:${part(parts, "minute")} ${part(parts, "dayPeriod")}`.trim(),
    zone: zoneName,
    full: `${full} ${zoneName}`.trim(),
  };
}

/** A one-line date for event cards, in the viewer's own time zone. */
export function formatCardDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

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
