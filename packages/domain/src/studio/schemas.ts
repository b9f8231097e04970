import { z } from "zod";
import { ShownSlides } from "../slides/schemas";
import { ShownVideo } from "../videos/schemas";
import { CustomElementType } from "../vocabulary";
import { Id, StoredText } from "../wire";

// The studio (spec 3 §3, §7): custom elements of a session (brand, title overlays, later CTAs), the
// overlay on air, and templates. Requests use the spec's payload names (snake_case); responses are
// camelCase. Rules (studio/overlays.ts, brand.ts, templates.ts) decide on the server.

/** Element types the studio sections create and edit (the others belong to features not built yet). */
export const StudioElementType = z.enum([
  "title",
  "primary_color",
  "logo",
  "background",
  "offer",
  "contribution",
]);
export type StudioElementType = z.infer<typeof StudioElementType>;

const Options = z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean()]));

export const CustomElement = z.object({
  id: Id,
  type: CustomElementType,
  title: z.string(),
  value: z.string(),
  order: z.number().int(),
  options: z.record(z.string(), z.unknown()),
});
export type CustomElement = z.infer<typeof CustomElement>;

/** The title overlay on air (spec 3 §4 add/remove overlay), with when it last changed. */
export const OverlayState = z.object({
  /** The title element shown, or null. */
  shown: Id.nullable(),
  lastUpdated: z.iso.datetime().nullable(),
});
export type OverlayState = z.infer<typeof OverlayState>;

/** The CTA on air (spec 3 §4 update-offer-state), and when it was shown (HLS viewers see it in step). */
export const OfferState = z.object({
  shown: Id.nullable(),
  shownAt: z.iso.datetime().nullable(),
});
export type OfferState = z.infer<typeof OfferState>;

/** GET /api/video-session/studio: what the program scene and the studio module read. */
export const StudioQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();

export const StudioResponse = z.object({
  sessionId: Id,
  /** The template the session's elements were loaded from, if any. */
  themeId: Id.nullable(),
  elements: z.array(CustomElement),
  overlay: OverlayState,
  offer: OfferState,
  /** The team's view only: how many people clicked each CTA (empty for everyone else). */
  offerClicks: z.array(z.object({ elementId: Id, clicks: z.number().int().min(0) })),
  /** The file presentation on the program scene (spec 3 §4), or null. */
  slides: ShownSlides.nullable(),
  /** The shared video on the program scene (issue 25 §2), or null. */
  video: ShownVideo.nullable(),
  /** The team's view only (null for everyone else): what a contribution CTA needs (spec 3 §5). */
  contributions: z
    .object({
      /** The channel has a payment account that takes payments. */
      accountConnected: z.boolean(),
      /** The event's ticket currency (USD by default). */
      defaultCurrency: z.string(),
    })
    .nullable(),
});
export type StudioResponse = z.infer<typeof StudioResponse>;

const ElementText = StoredText(2048);

/** Create a custom element (spec 3 §7): video_session_id, value, title, custom_element_type_fkey, order, options. */
export const CreateCustomElementRequest = z
  .object({
    video_session_id: Id,
    custom_element_type_fkey: StudioElementType,
    title: ElementText,
    value: ElementText,
    order: z.number().int().min(0).max(10_000).optional(),
    options: Options.optional(),
  })
  .strict();

/** Update a custom element: custom_element_id plus data {value, title, options, theme_id}. */
export const UpdateCustomElementRequest = z
  .object({
    custom_element_id: Id,
    data: z
      .object({
        value: ElementText.optional(),
        title: ElementText.optional(),
        options: Options.optional(),
        theme_id: Id.nullable().optional(),
      })
      .strict(),
  })
  .strict();

export const DeleteCustomElementRequest = z.object({ custom_element_id: Id }).strict();

/** Reorder elements: the session's elements of one kind in their new order. */
export const ReorderCustomElementsRequest = z
  .object({ video_session_id: Id, order: z.array(Id).min(1).max(200) })
  .strict();

/**
 * Spec 3 §7 add or remove an overlay: overlay (the title element to show, null hides), last_updated (the
 * overlay state the studio saw) and video_session_id; `quick`: spec 2 §9's 5 s quick-show.
 */
export const SetOverlayRequest = z
  .object({
    video_session_id: Id,
    overlay: Id.nullable(),
    last_updated: z.iso.datetime().nullable().optional(),
    quick: z.boolean().optional(),
  })
  .strict();

/**
 * Spec 3 §7 update-offer-state: offer_state is the list of shown offers ({id, data}); one at most here,
 * and an empty list hides. The element is read from the session, so `data` is not trusted.
 */
export const UpdateOfferStateRequest = z
  .object({
    video_session_id: Id,
    event_id: Id,
    offer_state: z
      .array(z.object({ id: Id, data: z.record(z.string(), z.unknown()).optional() }).strict())
      .max(1),
  })
  .strict();

/** A CTA as it was on air, from `shownAt` until `hiddenAt` (null: still on air, or till the end). */
export const OfferShow = z.object({
  /** The CTA's element, while it exists. */
  elementId: Id.nullable(),
  type: z.enum(["offer", "contribution"]),
  label: z.string(),
  /** A link CTA's URL, a contribution's prompt (spec 3 §3). */
  value: z.string(),
  /** A contribution's currency; null for a link. */
  currency: z.string().nullable(),
  shownAt: z.iso.datetime(),
  hiddenAt: z.iso.datetime().nullable(),
});
export type OfferShow = z.infer<typeof OfferShow>;

/** GET /api/video-session/offer-shows: what the replay shows over the player, and when. */
export const OfferShowsQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export const OfferShowsResponse = z.object({ shows: z.array(OfferShow) });

/** A viewer clicked the CTA on air (counted once per person). */
export const OfferClickRequest = z.object({ custom_element_id: Id }).strict();
export const OfferClickResponse = z.object({ clicks: z.number().int().min(0) });

export const CustomElementResponse = z.object({ element: CustomElement });

/** Templates (spec 3 §3 theme): an organization's saved set, named by its description. */
export const Theme = z.object({
  id: Id,
  description: z.string(),
  elements: z.array(CustomElement),
  /** Spec 3 §3: the template's videos and file presentations (copies of a session's ready ones). */
  videos: z.array(z.object({ title: z.string(), order: z.number().int() })),
  files: z.array(z.object({ displayname: z.string(), order: z.number().int() })),
  updatedAt: z.iso.datetime(),
});
export type Theme = z.infer<typeof Theme>;

export const ThemesQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export const ThemesResponse = z.object({ themes: z.array(Theme) });

/** Save a theme: a new one named `description`, or `theme_id` updated from the session. */
export const SaveThemeRequest = z
  .object({
    video_session_id: Id,
    description: StoredText(120),
    theme_id: Id.nullable().optional(),
  })
  .strict();
export const SaveThemeResponse = z.object({
  theme: Theme,
  /** Spec 3 §5: another template had the name ('titleExists'); the save still happened. */
  titleExists: z.boolean(),
});

export const ApplyThemeRequest = z.object({ theme_id: Id, video_session_id: Id }).strict();
export const DeleteThemeRequest = z.object({ theme_id: Id, video_session_id: Id }).strict();
