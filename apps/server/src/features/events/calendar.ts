import { type EventPageData, NotFound } from "@onstage/domain";
import { createEvents, type EventAttributes } from "ics";

/**
 * The add-to-calendar file of spec 1 §2's date box: one entry per regular session that has not ended,
 * each linking back to the event page.
 */
export function eventCalendar(page: EventPageData, publicUrl: string): string {
  const url = `${publicUrl}/c/${encodeURIComponent(page.event.eventCode)}`;
  const sessions = page.sessions.filter((s) => s.sessionType === "regular" && s.state !== "ended");
  const entries: EventAttributes[] = sessions.map((s) => ({
    uid: `session-${s.id}@onstage`,
    start: Date.parse(s.timeScheduled),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: s.durationMinutes },
    title: page.event.multiSession && s.title ? `${page.event.title}: ${s.title}` : page.event.title,
    description: `${page.event.description}\n\n${url}`.trim(),
    url,
    location: url,
    organizer: { name: page.event.organization.name },
  }));
  if (entries.length === 0) throw NotFound("no_upcoming_sessions");
  const { error, value } = createEvents(entries, { productId: "onstage/events", calName: page.event.title });
  if (error || !value) throw error ?? new Error("calendar not generated");
  return value;
}
