import { z } from "zod";
import { Id, StoredText } from "../wire";

// Spec 2 §7 toggle-clipping, and the clips themselves (spec 2 §3, §5; spec 3 §2, §3, §7): a moment of a
// session's recording, cut into an MP4 with a page of its own.

/** POST /api/video-session/toggle-clipping: the event-level disable_clipping. */
export const ToggleClippingBody = z.object({ disable_clipping: z.boolean(), event_id: Id }).strict();
export type ToggleClippingBody = z.infer<typeof ToggleClippingBody>;

export const ToggleClippingResponse = z.object({ disableClipping: z.boolean() });
export type ToggleClippingResponse = z.infer<typeof ToggleClippingResponse>;

/** A clip's title: required, as long as a social post's headline. */
export const CLIP_TITLE_MAX_CHARS = 120;
const ClipTitle = StoredText(CLIP_TITLE_MAX_CHARS);

export const ClipRenderState = z.enum(["pending", "rendering", "ready", "failed"]);
export type ClipRenderState = z.infer<typeof ClipRenderState>;

/** Spec 3 §3 Clip: id, slug, title, start_time (seconds), event_id, video_session_id, user. */
export const Clip = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  startTime: z.number().min(0),
  endTime: z.number().min(0),
  eventId: Id,
  videoSessionId: Id,
  user: z.object({ id: Id, fullName: z.string() }).nullable(),
  render: z.object({
    state: ClipRenderState,
    /** 0 to 1 while it is cut. */
    progress: z.number().min(0).max(1),
    /** Why it failed, in words for the viewer. */
    error: z.string().nullable(),
  }),
  /** The MP4 and its first frame, once ready. */
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Clip = z.infer<typeof Clip>;

/** Spec 3 §3 Clip analytics: views and registrations (get-clip-data). */
export const ClipAnalytics = z.object({
  views: z.number().int().min(0),
  registrations: z.number().int().min(0),
});
export type ClipAnalytics = z.infer<typeof ClipAnalytics>;

export const ClipsQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export const ClipsResponse = z.object({
  clips: z.array(Clip),
  /** By clip id, for those who may see analytics (spec 3 §6); null for everyone else. */
  analytics: z.record(z.string(), ClipAnalytics).nullable(),
});
export type ClipsResponse = z.infer<typeof ClipsResponse>;

/** Spec 2 §7 "create clip": a range of the session's recording, in seconds from its start. */
export const CreateClipBody = z
  .object({
    video_session_id: Id,
    event_id: Id,
    title: ClipTitle,
    start_time: z
      .number()
      .min(0)
      .max(7 * 86_400),
    end_time: z
      .number()
      .min(0)
      .max(7 * 86_400),
  })
  .strict();
export type CreateClipBody = z.infer<typeof CreateClipBody>;

export const ClipResponse = z.object({ clip: Clip });
export type ClipResponse = z.infer<typeof ClipResponse>;

/** Spec 3 §7: rename a clip (id, title). */
export const RenameClipBody = z.object({ id: Id, title: ClipTitle }).strict();
/** Spec 3 §7: delete a clip (clip_id, event_id). */
export const DeleteClipBody = z.object({ clip_id: Id, event_id: Id }).strict();

export const ClipSlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{4,80}$/) }).strict();
/** GET /api/clip/{slug}/download: where the MP4 is fetched as '{title}.mp4'. */
export const ClipDownloadResponse = z.object({ url: z.string(), fileName: z.string() });
export type ClipDownloadResponse = z.infer<typeof ClipDownloadResponse>;

/** Analytics service action get-clip-data (spec 3 §7). */
export const ClipDataQuery = z
  .object({ clip_id: z.coerce.number().pipe(Id), event_id: z.coerce.number().pipe(Id) })
  .strict();

/** The public clip page (spec 3 §2): the clip, and the event it brings registrations to. */
export const ClipPage = z.object({
  clip: Clip,
  event: z.object({
    id: Id,
    title: z.string(),
    eventCode: z.string(),
    organization: z.object({ name: z.string(), channelName: z.string() }),
  }),
});
export type ClipPage = z.infer<typeof ClipPage>;
