import { z } from "zod";
import { Id } from "../wire";

// Wire shapes of the membership gate (spec 1 §7 `POST /api/patreon/is-valid-patron`, §8 messages).

/** Spec 1 §7: INSUFFICIENT_TIER "and others"; the others are ours (docs/decisions.md). */
export const MembershipRefusalCode = z.enum([
  "INSUFFICIENT_TIER",
  "PATREON_CAMPAIGN_ID_NOT_FOUND",
  "NOT_CONNECTED",
]);
export type MembershipRefusalCode = z.infer<typeof MembershipRefusalCode>;

export const IsValidPatronRequest = z.object({ event_id: Id, user_id: Id }).strict();
export type IsValidPatronRequest = z.infer<typeof IsValidPatronRequest>;

export const IsValidPatronResponse = z.object({
  isValid: z.boolean(),
  code: MembershipRefusalCode.optional(),
  /** The gate's own reason; the web falls back to membershipRefusalMessage(code). */
  reason: z.string().optional(),
  /** Where the visitor can subscribe or raise their pledge (test mode: the pledge page). */
  subscribeUrl: z.string().optional(),
});
export type IsValidPatronResponse = z.infer<typeof IsValidPatronResponse>;
