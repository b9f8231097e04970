import type { CustomFieldType, EventRole, OrgRole, TicketPriceType } from "../vocabulary";
import { DASH_LIMITS } from "./limits";

// Host dashboard rules (issue 5 §1). Each returns a verdict (a refusal code or null); the server throws
// it and the dashboard forms show the same verdict before sending.

/** Who is asking about a channel or one of its events. */
export interface DashActor {
  orgRole: OrgRole | null;
  eventRole: EventRole | null;
}

/** Channel owners and admins run the channel: its settings, its team and every event. */
export function canManageChannel(orgRole: OrgRole | null): boolean {
  return orgRole === "owner" || orgRole === "admin";
}

/** Every channel member manages the channel's events; otherwise only the event's host, owner or admin. */
export function canManageEvent(actor: DashActor): boolean {
  if (actor.orgRole !== null) return true;
  return actor.eventRole === "host" || actor.eventRole === "owner" || actor.eventRole === "admin";
}

export type TeamChangeRefusal = "forbidden" | "owner_locked";

/** Only owners and admins change the team, and the owner can be neither removed nor demoted. */
export function teamChangeRefusal(actorRole: OrgRole | null, targetRole: OrgRole): TeamChangeRefusal | null {
  if (!canManageChannel(actorRole)) return "forbidden";
  return targetRole === "owner" ? "owner_locked" : null;
}

const META_PIXEL_ID = new RegExp(
  `^[0-9]{${DASH_LIMITS.metaPixelIdMinDigits},${DASH_LIMITS.metaPixelIdMaxDigits}}$`,
);

/** Issue 28 §5: an event's Meta pixel ID is 5 to 20 digits (blank clears it, before this is asked). */
export function metaPixelIdRefusal(metaPixelId: string): "invalid_meta_pixel_id" | null {
  return META_PIXEL_ID.test(metaPixelId) ? null : "invalid_meta_pixel_id";
}

const CHANNEL_NAME = new RegExp(
  `^[a-z0-9][a-z0-9_-]{${DASH_LIMITS.channelNameMinChars - 1},${DASH_LIMITS.channelNameMaxChars - 1}}$`,
);

/** `@channel_name`: lower-case letters, digits, '-' and '_', 3 to 40 characters, starting with a letter or digit. */
export function channelNameRefusal(channelName: string): "invalid_channel_name" | null {
  return CHANNEL_NAME.test(channelName) ? null : "invalid_channel_name";
}

/**
 * An IANA time zone as it should be stored ('europe/paris' → 'Europe/Paris'), or null when unknown.
 * Only the letter case is fixed: ICU would also turn 'Asia/Kolkata' into its old alias 'Asia/Calcutta'.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  // Offsets such as '+01:00' are not places: the event's local time would ignore daylight saving.
  if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(timeZone)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
  } catch {
    return null;
  }
}

/**
 * An ISO 4217 code the runtime knows, whose minor unit is a hundredth: spec 1 §9 keeps amounts in
 * cents, so zero-decimal (JPY) and three-decimal (KWD) currencies would be shown 100× or 10× off.
 */
export function isSupportedCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf("currency").includes(code)) return false;
  return (
    new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits === 2
  );
}

/** Spec 1 §3 ticket price: free is 0; fixed is above 0; sliding has a minimum and a maximum of 0 (none) or ≥ the minimum. */
export function ticketPriceRefusal(price: {
  type: TicketPriceType;
  value: number;
  maxValue: number;
}): "invalid_ticket_price" | null {
  const inRange = (n: number) => Number.isInteger(n) && n >= 0 && n <= DASH_LIMITS.amountMaxCents;
  if (!inRange(price.value) || !inRange(price.maxValue)) return "invalid_ticket_price";
  switch (price.type) {
    case "free":
      return price.value === 0 && price.maxValue === 0 ? null : "invalid_ticket_price";
    case "fixed":
      return price.value > 0 && price.maxValue === 0 ? null : "invalid_ticket_price";
    case "sliding":
      return price.maxValue === 0 || price.maxValue >= price.value ? null : "invalid_ticket_price";
  }
}

/** Percent coupons take a whole percent from 1 to 100; amount coupons take cents. */
export function couponValueRefusal(coupon: {
  couponType: "percent" | "amount";
  value: number;
}): "invalid_coupon_value" | null {
  const max = coupon.couponType === "percent" ? 100 : DASH_LIMITS.amountMaxCents;
  return Number.isInteger(coupon.value) && coupon.value >= 1 && coupon.value <= max
    ? null
    : "invalid_coupon_value";
}

export interface QuestionShape {
  type: CustomFieldType;
  answers: readonly string[];
  min: number | null;
  max: number | null;
}

export type QuestionRefusal = "invalid_question_options" | "invalid_question_bounds";

const CHOICE_TYPES: readonly CustomFieldType[] = ["multiple_choice", "multi_select"];

/**
 * Spec 1 §3, §5: choice questions list 2 to 50 non-empty, distinct options (case-insensitive); other
 * types have none. Only number questions carry a minimum and maximum, with min ≤ max.
 */
export function questionRefusal(q: QuestionShape): QuestionRefusal | null {
  if (CHOICE_TYPES.includes(q.type)) {
    const options = q.answers.map((a) => a.trim());
    const distinct = new Set(options.map((a) => a.toLowerCase()));
    const { questionMinOptions: min, questionMaxOptions: max } = DASH_LIMITS;
    if (options.length < min || options.length > max) return "invalid_question_options";
    if (options.some((a) => a === "" || a.includes(",")) || distinct.size !== options.length)
      return "invalid_question_options";
  } else if (q.answers.length > 0) {
    return "invalid_question_options";
  }
  if (q.type !== "number") return q.min === null && q.max === null ? null : "invalid_question_bounds";
  return q.min !== null && q.max !== null && q.min > q.max ? "invalid_question_bounds" : null;
}

/** The readable part of an event code: the title's words in lower case, joined by '-', at most 40 characters. */
export function eventCodeSlug(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
  return slug || "event";
}

export type SessionCountRefusal = "single_session_event" | "last_session";

/**
 * A single-session event has exactly one session: a second needs multi-session turned on, and
 * multi-session cannot be turned off while several remain. No event is left without a session.
 */
export function sessionCountRefusal(
  change: "add" | "delete" | "single",
  input: { multiSession: boolean; sessionCount: number },
): SessionCountRefusal | null {
  if (change === "add") return !input.multiSession && input.sessionCount >= 1 ? "single_session_event" : null;
  if (change === "delete") return input.sessionCount <= 1 ? "last_session" : null;
  return input.sessionCount > 1 ? "single_session_event" : null;
}

/** Spec 2 §4: a session in the greenroom or on air cannot be removed from under its audience. */
export function sessionDeleteRefusal(state: string): "session_live" | null {
  return state === "greenroom" || state === "broadcasting" ? "session_live" : null;
}
