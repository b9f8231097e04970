import type { EventPageData, VideoSessionSummary } from "@onstage/domain";
import type { CalendarEntry } from "./calendarLinks";
import { allSessionsEnded } from "./registerState";

const MINUTE_MS = 60_000;
/** Calendars need an end; a session without a duration is booked for an hour. */
const FALLBACK_DURATION_MINUTES = 60;

export interface LandingTimes {
  start: string | null;
  end: string | null;
  /** The next session's start while one is still to come. */
  countdownTarget: string | null;
}

export function landingTimes(data: EventPageData, session: VideoSessionSummary | null): LandingTimes {
  const { event } = data;
  const start = session?.timeScheduled ?? event.nextSessionStartDate ?? event.firstSessionStartDate;
  if (!start) return { start: null, end: null, countdownTarget: null };
  const minutes =
    session && session.durationMinutes > 0 ? session.durationMinutes : FALLBACK_DURATION_MINUTES;
  const end = new Date(Date.parse(start) + minutes * MINUTE_MS).toISOString();
  const countdownTarget = allSessionsEnded(data) ? null : (event.nextSessionStartDate ?? start);
  return { start, end, countdownTarget };
}

export function calendarEntry(
  data: EventPageData,
  start: string,
  end: string | null,
  url: string,
): CalendarEntry {
  return {
    title: data.event.title,
    description: data.event.description,
    startIso: start,
    endIso: end ?? start,
    url,
  };
}
