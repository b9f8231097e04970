import { z } from "zod";
import { LINK_PREVIEW_MAX_DIMENSION_PX } from "../constants";

// Issue 26 §4: GET /api/link-preview, an address turned into embeddable preview data through oEmbed.

/** 0 or absent: no bound is asked of the provider (spec 3 §7: only sizes above 0 are sent). */
const Dimension = z.coerce.number().int().min(0).max(LINK_PREVIEW_MAX_DIMENSION_PX).optional();

/** The address is checked by previewTarget (spec 3 §5's 'Invalid input URL'), not here. */
export const LinkPreviewRequest = z
  .object({ url: z.string(), maxwidth: Dimension, maxheight: Dimension })
  .strict();
export type LinkPreviewRequest = z.infer<typeof LinkPreviewRequest>;

export const OEMBED_TYPES = ["photo", "video", "link", "rich"] as const;
export const OEmbedType = z.enum(OEMBED_TYPES);
export type OEmbedType = z.infer<typeof OEmbedType>;

const Pixels = z.number().int().positive().optional();

/**
 * The oEmbed answer as the server hands it on (linkPreviewOf): the provider's fields, with
 * provider_name and provider_url always those of the provider list. `html` is only ever present for
 * rich and video answers and is to be rendered only inside a sandboxed iframe (docs/decisions.md).
 */
export const LinkPreview = z.object({
  type: OEmbedType,
  version: z.string().optional(),
  title: z.string().optional(),
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  provider_name: z.string(),
  provider_url: z.string(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: Pixels,
  thumbnail_height: Pixels,
  html: z.string().optional(),
  width: Pixels,
  height: Pixels,
  url: z.string().optional(),
});
export type LinkPreview = z.infer<typeof LinkPreview>;
