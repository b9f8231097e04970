import { errorMessage } from "../errors";
import type { MembershipRefusalCode } from "./schemas";

// Spec 1 §7, §8: the membership gate (Patreon) verdict and its wording.

/** Spec 1 §4: a membership-gated event asks for a monthly pledge of at least the event's tier. */
export function pledgeMeetsTier(pledgeCents: number | null, tierAmountCents: number): boolean {
  return pledgeCents !== null && pledgeCents >= tierAmountCents;
}

/** Spec 1 §8: the server's reason when it gave one, else the catalogue's words for the code. */
export function membershipRefusalMessage(code: MembershipRefusalCode, reason?: string | null): string {
  if (code === "PATREON_CAMPAIGN_ID_NOT_FOUND") return errorMessage(code);
  return reason?.trim() ? reason : errorMessage(code);
}
