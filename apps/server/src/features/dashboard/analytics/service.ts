import {
  coveringPerMinute,
  ENGAGEMENT_KINDS,
  type EngagementKind,
  type EngagementMinute,
  type EventAnalytics,
  fillMinutes,
  LIVE_USER_UPSERT_INTERVAL_MS,
  minutesBetween,
  NotFound,
  type RegistrationSource,
  rebufferPercent,
  type SessionAnalytics,
  type SessionQuality,
  VIDEO_ANALYTICS_SESSION_EXPIRY_MS,
} from "@onstage/domain";
import type { FeatureDeps } from "../../deps";
import { requireChildManager, requireEventManager } from "../access";
import { attendanceCsv, engagementCsv, qualityCsv, sourcesCsv } from "./csv";
import * as q from "./queries";

/** The quality view lists this many of the latest views; its CSV has them all. */
const RECENT_VIEWS_SHOWN = 50;

const NO_ENGAGEMENT = Object.fromEntries(ENGAGEMENT_KINDS.map((kind) => [kind, 0])) as Record<
  EngagementKind,
  number
>;

const sourceKey = (s: Pick<q.SourceCount, "kind" | "source" | "medium" | "campaign">) =>
  JSON.stringify([s.kind, s.source, s.medium, s.campaign]);

/** Registrations and page views side by side per source, most registrations first. */
function bySource(registrations: q.SourceCount[], pageViews: q.SourceCount[]): RegistrationSource[] {
  const sources = new Map<string, RegistrationSource>();
  const entry = (row: q.SourceCount) => {
    const key = sourceKey(row);
    const found = sources.get(key) ?? { ...row, pageViews: 0, registrations: 0 };
    sources.set(key, found);
    return found;
  };
  for (const row of registrations) entry(row).registrations += row.n;
  for (const row of pageViews) entry(row).pageViews += row.n;
  return [...sources.values()]
    .map(({ kind, source, medium, campaign, pageViews, registrations }) => ({
      kind,
      source,
      medium,
      campaign,
      pageViews,
      registrations,
    }))
    .sort((a, b) => b.registrations - a.registrations || b.pageViews - a.pageViews);
}

export function dashAnalyticsService({ db, clock }: Pick<FeatureDeps, "db" | "clock">) {
  async function managedSession(userId: number, sessionId: number) {
    const event = await requireChildManager(db, userId, "video_sessions", sessionId, "session_not_found");
    const times = await q.findSessionTimes(db, sessionId, clock());
    if (!times) throw NotFound("session_not_found");
    return { event, times };
  }

  const quietBefore = () => new Date(clock().getTime() - VIDEO_ANALYTICS_SESSION_EXPIRY_MS);

  async function quality(sessionId: number, minutes: string[]): Promise<SessionQuality> {
    const [totals, intervals, byDelivery, byRendition, recentViews] = await Promise.all([
      q.qualityTotals(db, sessionId, quietBefore()),
      q.viewIntervals(db, sessionId),
      q.qualityByDelivery(db, sessionId),
      q.qualityByRendition(db, sessionId),
      q.listViews(db, sessionId, { limit: RECENT_VIEWS_SHOWN, quietBefore: quietBefore() }),
    ]);
    const hls = coveringPerMinute(
      minutes,
      intervals.filter((v) => v.delivery === "hls"),
    );
    const webrtc = coveringPerMinute(
      minutes,
      intervals.filter((v) => v.delivery === "webrtc"),
    );
    return {
      views: totals.views,
      uniqueViewers: totals.viewers,
      startupP50Ms: totals.startupP50Ms === null ? null : Math.round(totals.startupP50Ms),
      startupP95Ms: totals.startupP95Ms === null ? null : Math.round(totals.startupP95Ms),
      rebufferPercent: rebufferPercent(totals.watchMs, totals.rebufferMs),
      failurePercent: totals.views === 0 ? 0 : Math.round((totals.failures / totals.views) * 1000) / 10,
      exitsBeforeStart: totals.exitsBeforeStart,
      concurrent: minutes.map((minute, i) => ({ minute, hls: hls[i] ?? 0, webrtc: webrtc[i] ?? 0 })),
      byDelivery: byDelivery.map(({ rebufferMs, ...row }) => ({
        ...row,
        rebufferPercent: rebufferPercent(row.watchMs, rebufferMs),
      })),
      byRendition,
      recentViews,
    };
  }

  async function engagement(sessionId: number, minutes: string[]) {
    const counts = await q.engagementCounts(db, sessionId);
    const totals = { ...NO_ENGAGEMENT };
    const perMinute = new Map<string, EngagementMinute>();
    for (const { minute, kind, n } of counts) {
      const key = minute.toISOString();
      const row = perMinute.get(key) ?? { ...NO_ENGAGEMENT, minute: key };
      row[kind] += n;
      totals[kind] += n;
      perMinute.set(key, row);
    }
    return { perMinute: fillMinutes(minutes, [...perMinute.values()], NO_ENGAGEMENT), totals };
  }

  async function attendees(sessionId: number): Promise<SessionAnalytics["attendance"]["attendees"]> {
    const rows = await q.listAttendees(db, sessionId);
    return rows.map(({ seconds, firstSeen, lastSeen, ...row }) => ({
      ...row,
      firstSeen: firstSeen.toISOString(),
      lastSeen: lastSeen.toISOString(),
      // A visit's last heartbeat stands for the interval after it.
      minutes: Math.round((seconds + (row.visits * LIVE_USER_UPSERT_INTERVAL_MS) / 1000) / 6) / 10,
    }));
  }

  /** The session's minutes from its first attendance or view to its last (or now). */
  const minutesOf = ({ first, last }: q.SessionTimes) => (first && last ? minutesBetween(first, last) : []);

  async function sessionAnalytics(userId: number, sessionId: number): Promise<SessionAnalytics> {
    const { times } = await managedSession(userId, sessionId);
    const minutes = minutesOf(times);
    const [attended, spans, engaged, played] = await Promise.all([
      attendees(sessionId),
      q.attendanceSpans(db, sessionId),
      engagement(sessionId, minutes),
      quality(sessionId, minutes),
    ]);
    const viewers = coveringPerMinute(minutes, spans);
    return {
      sessionId,
      title: times.title,
      state: times.state,
      startedAt: times.startedAt?.toISOString() ?? null,
      endedAt: times.endedAt?.toISOString() ?? null,
      attendance: {
        attendees: attended,
        perMinute: minutes.map((minute, i) => ({ minute, viewers: viewers[i] ?? 0 })),
      },
      engagement: engaged,
      quality: played,
    };
  }

  return {
    async event(userId: number, eventId: number): Promise<EventAnalytics> {
      await requireEventManager(db, userId, eventId);
      const [registrations, pageViews, sessions] = await Promise.all([
        q.registrationSources(db, eventId),
        q.pageViewSources(db, eventId),
        q.sessionSummaries(db, eventId),
      ]);
      const total = (rows: q.SourceCount[]) => rows.reduce((sum, row) => sum + row.n, 0);
      return {
        pageViews: total(pageViews),
        registrations: total(registrations),
        bySource: bySource(registrations, pageViews),
        sessions,
      };
    },

    async sourcesCsv(userId: number, eventId: number) {
      const event = await requireEventManager(db, userId, eventId);
      const [registrations, pageViews] = await Promise.all([
        q.registrationSources(db, eventId),
        q.pageViewSources(db, eventId),
      ]);
      return {
        fileName: `sources-${event.eventCode}.csv`,
        body: sourcesCsv(bySource(registrations, pageViews)),
      };
    },

    session: sessionAnalytics,

    /** One table's CSV, read alone. */
    async sessionCsv(userId: number, sessionId: number, table: "attendance" | "engagement" | "quality") {
      const { event, times } = await managedSession(userId, sessionId);
      const fileName = `${table}-${event.eventCode}-${sessionId}.csv`;
      if (table === "attendance") return { fileName, body: attendanceCsv(await attendees(sessionId)) };
      if (table === "engagement") {
        const { perMinute } = await engagement(sessionId, minutesOf(times));
        return { fileName, body: engagementCsv(perMinute) };
      }
      const views = await q.listViews(db, sessionId, { limit: null, quietBefore: quietBefore() });
      return { fileName, body: qualityCsv(views) };
    },
  };
}

export type DashAnalyticsService = ReturnType<typeof dashAnalyticsService>;
