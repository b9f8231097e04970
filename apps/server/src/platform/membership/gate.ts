import type { MembershipRefusalCode } from "@onstage/domain";

// The membership gate port (issue 5 item 5, spec 1 §7 is-valid-patron): does this user's membership
// with the channel reach the event's tier? Test mode and Patreon implement it.

export type MembershipVerdict =
  | { isValid: true }
  | { isValid: false; code: MembershipRefusalCode; reason?: string; subscribeUrl?: string };

export interface MembershipCheck {
  userId: number;
  eventId: number;
  /** Spec 1 §3 patreon_tier_amount_cents: the monthly pledge the event asks for. */
  tierAmountCents: number;
  organization: { id: number; patreonCampaignId: string | null };
}

export interface MembershipGate {
  kind: "test" | "patreon";
  check(input: MembershipCheck): Promise<MembershipVerdict>;
}

/** The provider could not be asked (down, or answered nonsense): not the member's fault. */
export class MembershipUnavailable extends Error {}
