import { z } from "zod";
import { Id } from "../wire";
import type { TransactionStatus } from "./rules";

// Spec 2 §7 donations: create-donation-link and check-status (request names are the spec's), and the
// team's list of a session's donations.

/** Ticket checkouts' references are `ref_…`, donations' `don_…`. */
export const ClientReferenceId = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_]+$/);

export const CreateDonationLinkRequest = z
  .object({
    user_id: Id,
    video_session_id: Id,
    /** What the viewer typed, as a number; the server rounds it to two decimals (spec 2 §5). */
    donation_amount: z.number(),
    /** The contribution CTA the viewer answered (the one on air when absent). */
    custom_element_id: Id.optional(),
  })
  .strict();
export type CreateDonationLinkRequest = z.infer<typeof CreateDonationLinkRequest>;

export const CreateDonationLinkResponse = z.object({
  donationLink: z.string(),
  client_reference_id: ClientReferenceId,
});
export type CreateDonationLinkResponse = z.infer<typeof CreateDonationLinkResponse>;

export const CheckStatusRequest = z.object({ client_reference_id: ClientReferenceId }).strict();

const STATUSES = ["pending", "paid", "refunded", "failed", "expired"] as const satisfies TransactionStatus[];
export const CheckStatusResponse = z.object({ transaction_status: z.enum(STATUSES) });
export type CheckStatusResponse = z.infer<typeof CheckStatusResponse>;

export const Donation = z.object({
  id: Id,
  donor: z.object({ id: Id, fullName: z.string() }),
  amountCents: z.number().int().positive(),
  currency: z.string(),
  paidAt: z.iso.datetime(),
});
export type Donation = z.infer<typeof Donation>;

export const DonationsQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
/** The session's paid donations, newest first, and their sums by currency. */
export const DonationsResponse = z.object({
  donations: z.array(Donation),
  totals: z.array(z.object({ currency: z.string(), amountCents: z.number().int(), count: z.number().int() })),
});
export type DonationsResponse = z.infer<typeof DonationsResponse>;

/** A donation to the session was paid or refunded: the team's list reads again (no amounts: the audience hears it too). */
export const DonationsChanged = z.object({ videoSessionId: Id });
