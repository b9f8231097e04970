import { type EventPageData, NotFound } from "@onstage/domain";
import { calendarFile, contentLine, icsDateTime } from "./ics";

type CalendarSession = Pick<
  EventPageData["sessions"][number],
  "id" | "title" | "timeScheduled" | "durationMinutes" | "sessionType" | "state"
>;

/** What a calendar needs of an event: the event page's data, or the same fields read for a mail. */
export interface CalendarEvent {
  event: Pick<EventPageData["event"], "eventCode" | "title" | "description" | "multiSession"> & {
    organization: { name: string };
  };
  sessions: CalendarSession[];
}

/**
 * The add-to-calendar file of spec 1 §2's date box (and of the confirmation mail): one entry per
 * regular session that has not ended, each linking back to the event page.
 */
export function eventCalendar(page: CalendarEvent, publicUrl: string, now: Date): string {
  const url = `${publicUrl}/c/${encodeURIComponent(page.event.eventCode)}`;
  const sessions = page.sessions.filter((s) => s.sessionType === "regular" && s.state !== "ended");
  if (sessions.length === 0) throw NotFound("no_upcoming_sessions");
  const organizer = `mailto:no-reply@${new URL(publicUrl).hostname}`;
  const entries = sessions.map((s) => [
    contentLine("UID", { text: `session-${s.id}@onstage` }),
    contentLine("DTSTAMP", { raw: icsDateTime(now.getTime()) }),
    contentLine("DTSTART", { raw: icsDateTime(Date.parse(s.timeScheduled)) }),
    contentLine("DURATION", { raw: `PT${s.durationMinutes}M` }),
    contentLine("SUMMARY", {
      text: page.event.multiSession && s.title ? `${page.event.title}: ${s.title}` : page.event.title,
    }),
    contentLine("DESCRIPTION", { text: `${page.event.description}\n\n${url}`.trim() }),
    contentLine("URL", { raw: url }),
    contentLine("LOCATION", { text: url }),
    contentLine("ORGANIZER", { raw: organizer }, { CN: page.event.organization.name }),
  ]);
  return calendarFile(
    [
      "VERSION:2.0",
      contentLine("PRODID", { text: "-//Onstage//Events//EN" }),
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      contentLine("X-WR-CALNAME", { text: page.event.title }),
    ],
    entries,
  );
}
