import { z } from "zod";
import {
  VIDEO_ANALYTICS_BASE_INTERVAL_MS,
  VIDEO_ANALYTICS_BEACON_BATCH_EVENTS,
  VIDEO_ANALYTICS_STRING_MAX_CHARS,
} from "../constants";
import { IdParam } from "../dashboard/fields";

// Issue 28 §1: the player's quality collector (spec 3 §9's video-analytics defaults). The player posts
// batches of self-contained facts about one view (a play attempt); the server folds each batch into the
// view's row, adding up, so batches may arrive in any order and on any node.
//   POST /api/playback/beacons   PlaybackBeacon (JSON, sent as text/plain by fetch or sendBeacon) → 204
//   GET  /api/dash/sessions/:sessionId/quality                                → SessionQuality

/** A random id the collector makes: a viewer (its cookie), a view session, a view. */
const CollectorId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "ids are 8 to 64 letters, digits, - or _");
/** A duration within one beacon's interval, with room for a batch held back by a sleeping device. */
const Duration = z
  .number()
  .int()
  .nonnegative()
  .max(60 * VIDEO_ANALYTICS_BASE_INTERVAL_MS);
const Pixels = z.number().int().positive().max(16_384);

export const PlaybackDelivery = z.enum(["hls", "webrtc"]);
export type PlaybackDelivery = z.infer<typeof PlaybackDelivery>;

export const PlaybackEvent = z.discriminatedUnion("type", [
  /** The play request: the view begins. */
  z.strictObject({ type: z.literal("viewstart") }),
  /** The first moving frame, this long after the play request. */
  z.strictObject({ type: z.literal("playing"), startupMs: Duration }),
  /** A stall that lasted this long (those under VIDEO_ANALYTICS_REBUFFER_MIN_MS are not sent). */
  z.strictObject({ type: z.literal("rebuffer"), durationMs: Duration }),
  /** Every base interval while the view lasts: what played since the last one, and on what. */
  z.strictObject({
    type: z.literal("heartbeat"),
    watchedMs: Duration,
    droppedFrames: z.number().int().nonnegative().max(1_000_000),
    rendition: z.strictObject({ width: Pixels, height: Pixels }).nullable(),
    /** The element's size over the picture's: above 1 the picture is upscaled. */
    upscale: z.number().nonnegative().max(100).nullable(),
  }),
  /** A playback error; a fatal one ends the view as a failure. */
  z.strictObject({
    type: z.literal("error"),
    code: z.string().max(100),
    message: z.string().max(VIDEO_ANALYTICS_STRING_MAX_CHARS),
    fatal: z.boolean(),
  }),
  /** The viewer left (page hidden for good, player gone). */
  z.strictObject({ type: z.literal("viewend") }),
  /** Spec 3 §8: the collector's queue was rate-limited; it stops after this. */
  z.strictObject({ type: z.literal("eventrateexceeded") }),
]);
export type PlaybackEvent = z.infer<typeof PlaybackEvent>;

export const PlaybackBeacon = z.strictObject({
  viewerId: CollectorId,
  viewSessionId: CollectorId,
  viewId: CollectorId,
  sessionId: IdParam,
  delivery: PlaybackDelivery,
  events: z.array(PlaybackEvent).min(1).max(VIDEO_ANALYTICS_BEACON_BATCH_EVENTS),
});
export type PlaybackBeacon = z.infer<typeof PlaybackBeacon>;

export const QualityBreakdown = z.object({
  /** "hls", "webrtc", or a rendition such as "1280x720". */
  key: z.string(),
  views: z.number(),
  watchMs: z.number(),
  /** Null for a rendition: stalls are counted per view, not per rendition. */
  rebufferPercent: z.number().nullable(),
});
export type QualityBreakdown = z.infer<typeof QualityBreakdown>;

export const QualityView = z.object({
  delivery: PlaybackDelivery,
  /** The signed-in viewer's name; null for a visitor. */
  viewerName: z.string().nullable(),
  startedAt: z.string(),
  startupMs: z.number().nullable(),
  watchMs: z.number(),
  rebufferCount: z.number(),
  rebufferMs: z.number(),
  droppedFrames: z.number(),
  rendition: z.string().nullable(),
  maxUpscale: z.number().nullable(),
  failed: z.boolean(),
  errorCode: z.string().nullable(),
  exitedBeforeStart: z.boolean(),
});
export type QualityView = z.infer<typeof QualityView>;

export const SessionQuality = z.object({
  views: z.number(),
  uniqueViewers: z.number(),
  startupP50Ms: z.number().nullable(),
  startupP95Ms: z.number().nullable(),
  rebufferPercent: z.number(),
  failurePercent: z.number(),
  exitsBeforeStart: z.number(),
  /** Viewers watching in each minute, by delivery. */
  concurrent: z.array(z.object({ minute: z.string(), hls: z.number(), webrtc: z.number() })),
  byDelivery: z.array(QualityBreakdown),
  byRendition: z.array(QualityBreakdown),
  /** The latest views, newest first. */
  recentViews: z.array(QualityView),
});
export type SessionQuality = z.infer<typeof SessionQuality>;
