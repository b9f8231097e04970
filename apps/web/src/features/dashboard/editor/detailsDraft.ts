import {
  DASH_LIMITS,
  type DashEvent,
  type EventAccess,
  errorMessage,
  metaPixelIdRefusal,
  slidingAmountToCents,
  type UpdateEventRequest,
} from "@onstage/domain";

/** The Details form as typed: numbers and amounts stay text until saved. */
export interface DetailsDraft {
  title: string;
  description: string;
  timezone: string;
  access: EventAccess;
  /** Membership tier amount in currency units, e.g. '5.00'. */
  patreonTier: string;
  private: boolean;
  password: string;
  seatLimit: string;
  customRegisterButtonText: string;
  multiSession: boolean;
  hideUnregister: boolean;
  metaPixelId: string;
  metaPixelEventPageLoad: boolean;
  metaPixelEventRegistrationCompleted: boolean;
}

export const centsToUnits = (cents: number) => (cents / 100).toFixed(2);

export function draftOf(event: DashEvent): DetailsDraft {
  return {
    title: event.title,
    description: event.description,
    timezone: event.timezone,
    access: event.access,
    patreonTier: event.patreonTierAmountCents === null ? "" : centsToUnits(event.patreonTierAmountCents),
    private: event.private,
    password: event.password ?? "",
    seatLimit: event.seatLimit === null ? "" : String(event.seatLimit),
    customRegisterButtonText: event.customRegisterButtonText ?? "",
    multiSession: event.multiSession,
    hideUnregister: event.hideUnregister,
    metaPixelId: event.metaPixelId ?? "",
    metaPixelEventPageLoad: event.metaPixelEventPageLoad,
    metaPixelEventRegistrationCompleted: event.metaPixelEventRegistrationCompleted,
  };
}

type DraftResult = { body: UpdateEventRequest; refusal: null } | { body: null; refusal: string };

const refuse = (refusal: string): DraftResult => ({ body: null, refusal });
const blankToNull = (text: string) => (text.trim() === "" ? null : text);

function seatLimitOf(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= DASH_LIMITS.seatLimitMax ? n : undefined;
}

/** Only the fields that changed are sent, so one refusal never blocks an unrelated edit. */
export function changesOf(event: DashEvent, draft: DetailsDraft): DraftResult {
  if (draft.title.trim() === "") return refuse("Please enter a title");
  const seatLimit = seatLimitOf(draft.seatLimit);
  if (seatLimit === undefined)
    return refuse("The seat limit is a whole number of at least 1, or blank for none");
  const tier = draft.patreonTier.trim() === "" ? null : slidingAmountToCents(draft.patreonTier);
  if (draft.access === "patreon" && tier === null) return refuse(errorMessage("patreon_tier_required"));
  const metaPixelId = blankToNull(draft.metaPixelId.trim());
  const pixelRefusal = metaPixelId === null ? null : metaPixelIdRefusal(metaPixelId);
  if (pixelRefusal) return refuse(errorMessage(pixelRefusal));
  const next: UpdateEventRequest = {
    title: draft.title.trim(),
    description: draft.description,
    timezone: draft.timezone,
    access: draft.access,
    patreonTierAmountCents: tier,
    private: draft.private,
    password: blankToNull(draft.password),
    seatLimit,
    customRegisterButtonText: blankToNull(draft.customRegisterButtonText.trim()),
    multiSession: draft.multiSession,
    hideUnregister: draft.hideUnregister,
    metaPixelId,
    metaPixelEventPageLoad: draft.metaPixelEventPageLoad,
    metaPixelEventRegistrationCompleted: draft.metaPixelEventRegistrationCompleted,
  };
  const body: UpdateEventRequest = {};
  for (const key of Object.keys(next) as (keyof UpdateEventRequest)[]) {
    if (next[key] !== event[key]) Object.assign(body, { [key]: next[key] });
  }
  return { body, refusal: null };
}
