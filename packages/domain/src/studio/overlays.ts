import {
  OFFER_PREVIEW_TRUNCATE_CHARS,
  TITLE_OVERLAY_SUBTITLE_MAX_CHARS,
  TITLE_OVERLAY_TITLE_MAX_CHARS,
} from "../constants";

// Spec 3 §3, §5 title overlays (lower thirds): a title of at most 32 characters and its subtitle (the
// element's value) of at most 45.

export type TitleOverlayRefusal =
  | "overlay_title_required"
  | "overlay_title_too_long"
  | "overlay_subtitle_too_long";

/** Why a title overlay cannot be saved, or null. The title is trimmed; an empty subtitle is fine. */
export function titleOverlayRefusal(input: { title: string; subtitle: string }): TitleOverlayRefusal | null {
  const title = input.title.trim();
  if (title.length === 0) return "overlay_title_required";
  if ([...title].length > TITLE_OVERLAY_TITLE_MAX_CHARS) return "overlay_title_too_long";
  if ([...input.subtitle].length > TITLE_OVERLAY_SUBTITLE_MAX_CHARS) return "overlay_subtitle_too_long";
  return null;
}

/** Spec 3 §5 live counters: "12/32", red once the text reaches its limit. */
export function characterCounter(text: string, max: number): { label: string; atLimit: boolean } {
  const used = [...text].length;
  return { label: `${used}/${max}`, atLimit: used >= max };
}

/** Spec 3 §2: the list's preview, cut at 32 characters plus an ellipsis. */
export function overlayPreview(text: string): string {
  const chars = [...text];
  return chars.length > OFFER_PREVIEW_TRUNCATE_CHARS
    ? `${chars.slice(0, OFFER_PREVIEW_TRUNCATE_CHARS).join("")}…`
    : text;
}
