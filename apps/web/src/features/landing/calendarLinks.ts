// Add-to-calendar targets for the landing page's date box (spec 1 §2).

export interface CalendarEntry {
  title: string;
  description: string;
  startIso: string;
  endIso: string;
  /** The event page address, so the calendar entry leads back to it. */
  url: string;
}

/** Google wants UTC in the basic ISO form: 20260314T180000Z. */
function googleTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function googleCalendarUrl(entry: CalendarEntry): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: entry.title,
    dates: `${googleTime(entry.startIso)}/${googleTime(entry.endIso)}`,
    details: `${entry.description}\n\n${entry.url}`.trim(),
    location: entry.url,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function outlookCalendarUrl(entry: CalendarEntry): string {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: entry.title,
    startdt: new Date(entry.startIso).toISOString(),
    enddt: new Date(entry.endIso).toISOString(),
    body: `${entry.description}\n\n${entry.url}`.trim(),
    location: entry.url,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

export function icsUrl(eventCode: string): string {
  return `/api/events/by-code/${encodeURIComponent(eventCode)}/calendar.ics`;
}
