import {
  CONTRIBUTION_PROMPT_MAX_CHARS,
  DEFAULT_CONTRIBUTION_PROMPT,
  OFFER_LABEL_MAX_CHARS,
} from "../constants";
import { isSupportedCurrency } from "../dashboard/rules";

// Spec 3 §3, §5 calls to action (offers): a link CTA is a custom element of type 'offer' whose title is
// the button's label and whose value is its https URL. At most one CTA is on air (video_sessions.offer_state).

/** The custom element types that are CTAs: a new one's order is how many the session has (spec 3 §4). */
export const OFFER_ELEMENT_TYPES = ["offer", "contribution"] as const;

export type LinkOfferRefusal =
  | "offer_label_required"
  | "offer_label_too_long"
  | "offer_url_required"
  | "offer_url_invalid"
  | "offer_url_insecure";

function labelRefusal(raw: string): "offer_label_required" | "offer_label_too_long" | null {
  const label = raw.trim();
  if (label.length === 0) return "offer_label_required";
  if ([...label].length > OFFER_LABEL_MAX_CHARS) return "offer_label_too_long";
  return null;
}

/** Why a link CTA cannot be saved, or null. The label and the URL are trimmed. */
export function linkOfferRefusal(input: { label: string; url: string }): LinkOfferRefusal | null {
  return labelRefusal(input.label) ?? offerUrlRefusal(input.url);
}

export type ContributionOfferRefusal =
  | "offer_label_required"
  | "offer_label_too_long"
  | "contribution_prompt_too_long"
  | "invalid_currency";

/**
 * Spec 3 §3, §5 contribution CTA: title is the label (required), value the prompt (optional), options
 * the currency. The connected payment account is the server's check.
 */
export function contributionOfferRefusal(input: {
  label: string;
  prompt: string;
  currency: string;
}): ContributionOfferRefusal | null {
  const refusal = labelRefusal(input.label);
  if (refusal) return refusal;
  if ([...input.prompt.trim()].length > CONTRIBUTION_PROMPT_MAX_CHARS) return "contribution_prompt_too_long";
  return isSupportedCurrency(input.currency) ? null : "invalid_currency";
}

/** Spec 3 §5: an empty prompt reads 'Thank you'. */
export const contributionPrompt = (value: string) => value.trim() || DEFAULT_CONTRIBUTION_PROMPT;

/** Spec 3 §5: a valid URL ('Please enter a valid URL'), and https only (an http:// one is 'unsecure'). */
export function offerUrlRefusal(raw: string): Exclude<LinkOfferRefusal, `offer_label_${string}`> | null {
  const text = raw.trim();
  if (text.length === 0) return "offer_url_required";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "offer_url_invalid";
  }
  if (url.protocol === "http:") return "offer_url_insecure";
  if (url.protocol !== "https:" || url.hostname.length === 0 || url.username || url.password)
    return "offer_url_invalid";
  return null;
}

export const isOfferType = (type: string) => (OFFER_ELEMENT_TYPES as readonly string[]).includes(type);

/** Spec 3 §4: a new offer's order is the count of the session's offer-type elements. */
export function nextOfferOrder(elements: readonly { type: string }[]): number {
  return elements.filter((e) => isOfferType(e.type)).length;
}

/** The studio as a viewer outside the team may see it (spec 2 §2): the brand, and what is on air. */
export function publicStudio<
  S extends {
    elements: readonly { id: number; type: string }[];
    overlay: { shown: number | null };
    offer: { shown: number | null };
    offerClicks: readonly unknown[];
    contributions: unknown;
  },
>(studio: S): S {
  const onAir = new Set([studio.overlay.shown, studio.offer.shown]);
  const isPublic = (e: { id: number; type: string }) =>
    e.type === "logo" || e.type === "background" || e.type === "primary_color" || onAir.has(e.id);
  return { ...studio, elements: studio.elements.filter(isPublic), offerClicks: [], contributions: null };
}

/**
 * Whether a viewer's picture shows a CTA's time on air: it has reached the moment the CTA was shown
 * and not yet the moment it was hidden (issue 12 §11's rule, for a span rather than a moment).
 */
export function isShowInPicture(
  show: { shownAt: string; hiddenAt: string | null },
  reached: (happenedAtMs: number) => boolean,
): boolean {
  return reached(Date.parse(show.shownAt)) && !(show.hiddenAt !== null && reached(Date.parse(show.hiddenAt)));
}
