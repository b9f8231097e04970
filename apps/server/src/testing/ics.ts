import ICAL from "ical.js";

export interface ParsedCalendarEvent {
  /** Every property name of the VEVENT, in order: an injected line would show up here. */
  properties: string[];
  uid: string;
  summary: string;
  description: string;
  startsAt: string;
  organizer: { name: string; address: string };
}

/** Parses an .ics file with a real iCalendar parser (ical.js), as a calendar client would. */
export function parseCalendar(ics: string): { properties: string[]; events: ParsedCalendarEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const organizer = vevent.getFirstProperty("organizer");
    const event = new ICAL.Event(vevent);
    return {
      properties: vevent.getAllProperties().map((p) => p.name),
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      startsAt: event.startDate.toJSDate().toISOString(),
      organizer: {
        name: String(organizer?.getParameter("cn") ?? ""),
        address: String(organizer?.getFirstValue() ?? ""),
      },
    };
  });
  return { properties: calendar.getAllProperties().map((p) => p.name), events };
}
