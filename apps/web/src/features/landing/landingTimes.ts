import type { EventPageData, SessionStatus, VideoSessionSummary } from "@onstage/domain";
import type { CalendarEntry } from "./calendarLinks";
import { allSessionsEnded } from "./registerState";

const MINUTE_MS = 60_000;
/** Calendars need an end; a session without a duration is booked for an hour. */
const FALLBACK_DURATION_MINUTES = 60;

export interface LandingTimes {
  start: string | null;
  end: string | null;
  /** The page's own session's start until it goes live; the event's next start when it has no session. */
  countdownTarget: string | null;
}

export function landingTimes(
  data: EventPageData,
  session: VideoSessionSummary | null,
  status: SessionStatus | null,
): LandingTimes {
  const { event } = data;
  const start = session?.timeScheduled ?? event.nextSessionStartDate ?? event.firstSessionStartDate;
  if (!start) return { start: null, end: null, countdownTarget: null };
  const minutes =
    session && session.durationMinutes > 0 ? session.durationMinutes : FALLBACK_DURATION_MINUTES;
  const end = new Date(Date.parse(start) + minutes * MINUTE_MS).toISOString();
  return { start, end, countdownTarget: countdownTarget(data, session, status, start) };
}

/**
 * Issue 23 §3.1: the countdown (and its 'Starting now') belongs to the session the page shows, and only
 * while it is still to start: another session's start, or a past one, is not this page's news.
 */
function countdownTarget(
  data: EventPageData,
  session: VideoSessionSummary | null,
  status: SessionStatus | null,
  start: string,
): string | null {
  if (session) return status === "upcoming" || status === "starting" ? session.timeScheduled : null;
  return allSessionsEnded(data) ? null : (data.event.nextSessionStartDate ?? start);
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
