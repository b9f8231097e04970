import { z } from "zod";
import { SessionQuality } from "../playback-quality/schemas";
import { RegisterRequest } from "../registration/schemas";
import { IdParam } from "./fields";

// Issue 28 §2: what the team (channel members, the event's hosts and admins) sees of an event's
// audience. Each list has its CSV; each series is per minute, its empty minutes included.
//   GET /api/dash/events/:eventId/analytics                          → EventAnalytics
//   GET /api/dash/events/:eventId/analytics/sources.csv
//   GET /api/dash/sessions/:sessionId/analytics                      → SessionAnalytics
//   GET /api/dash/sessions/:sessionId/analytics/{attendance,engagement,quality}.csv

export const DashSessionIdParams = z.object({ sessionId: IdParam });

/**
 * Spec 1 §7 'view-event-page-next-page': the event page was shown, with the link's source (the same
 * fields registration takes).
 *   POST /api/events/:eventId/page-views   PageViewRequest → 204
 */
export const PageViewRequest = RegisterRequest.pick({
  clip_id: true,
  utm_source: true,
  utm_medium: true,
  utm_campaign: true,
  utm_term: true,
  utm_content: true,
}).strict();
export type PageViewRequest = z.input<typeof PageViewRequest>;

/** Where registrations came from: a utm link, a clip (spec 3 §3), or straight to the page. */
export const RegistrationSourceKind = z.enum(["utm", "clip", "direct"]);
export type RegistrationSourceKind = z.infer<typeof RegistrationSourceKind>;

export const RegistrationSource = z.object({
  kind: RegistrationSourceKind,
  /** utm_source, utm_medium, utm_campaign (a utm link), or the clip's title in `source`. */
  source: z.string().nullable(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
  /** Event-page views ('view-event-page-next-page') from this source, and registrations. */
  pageViews: z.number().int(),
  registrations: z.number().int(),
});
export type RegistrationSource = z.infer<typeof RegistrationSource>;

export const SessionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.string(),
  timeScheduled: z.string(),
  attendees: z.number().int(),
  /** Plays of the video (quality views). */
  views: z.number().int(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const EventAnalytics = z.object({
  pageViews: z.number().int(),
  registrations: z.number().int(),
  /** Most registrations first. */
  bySource: z.array(RegistrationSource),
  /** In schedule order. */
  sessions: z.array(SessionSummary),
});
export type EventAnalytics = z.infer<typeof EventAnalytics>;

export const Attendee = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** Time live in the session, in minutes (one decimal). */
  minutes: z.number(),
  /** How many times they came in (a return after the live window counts again). */
  visits: z.number().int(),
});
export type Attendee = z.infer<typeof Attendee>;

export const ENGAGEMENT_KINDS = [
  "chat",
  "questions",
  "upvotes",
  "pollAnswers",
  "reactions",
  "ctaClicks",
  "donations",
] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];
export const ENGAGEMENT_LABELS: Record<EngagementKind, string> = {
  chat: "Chat messages",
  questions: "Questions",
  upvotes: "Upvotes",
  pollAnswers: "Poll answers",
  reactions: "Reactions",
  ctaClicks: "CTA clicks",
  donations: "Donations",
};

const EngagementCounts = z.object(
  Object.fromEntries(ENGAGEMENT_KINDS.map((kind) => [kind, z.number().int()])) as Record<
    EngagementKind,
    z.ZodNumber
  >,
);
export const EngagementMinute = EngagementCounts.extend({ minute: z.string() });
export type EngagementMinute = z.infer<typeof EngagementMinute>;

export const SessionAnalytics = z.object({
  sessionId: z.number().int(),
  title: z.string(),
  state: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  attendance: z.object({
    /** Longest in the session first. */
    attendees: z.array(Attendee),
    perMinute: z.array(z.object({ minute: z.string(), viewers: z.number().int() })),
  }),
  engagement: z.object({ perMinute: z.array(EngagementMinute), totals: EngagementCounts }),
  quality: SessionQuality,
});
export type SessionAnalytics = z.infer<typeof SessionAnalytics>;
