import { EventAnalytics, SessionAnalytics } from "@onstage/domain";
import { api } from "../../../api";
import { dashEventPath } from "../dashApi";

// Issue 28 §2: the team's charts of an event's audience and the CSV behind each (domain dashboard/analytics.ts).

const sessionPath = (sessionId: number) => `/api/dash/sessions/${sessionId}/analytics`;

export const fetchEventAnalytics = (eventId: number) =>
  api(`${dashEventPath(eventId)}/analytics`, EventAnalytics);

export const fetchSessionAnalytics = (sessionId: number) => api(sessionPath(sessionId), SessionAnalytics);

export const sourcesCsvUrl = (eventId: number) => `${dashEventPath(eventId)}/analytics/sources.csv`;

export type SessionCsv = "attendance" | "engagement" | "quality";

export const sessionCsvUrl = (sessionId: number, table: SessionCsv) =>
  `${sessionPath(sessionId)}/${table}.csv`;
