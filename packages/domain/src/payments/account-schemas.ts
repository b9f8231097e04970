import { z } from "zod";
import { Id } from "../wire";

// Issue 25 §4: the channel's payment account (spec 3 §3 organizations.stripe_connect_id), on /settings.

/**
 * `none`: nothing connected; `pending`: connected, the provider's onboarding not finished (no charges
 * yet); `active`: takes ticket income and donations.
 */
export const PaymentAccountStatus = z.enum(["none", "pending", "active"]);
export type PaymentAccountStatus = z.infer<typeof PaymentAccountStatus>;

export const PaymentAccount = z.object({
  organizationId: Id,
  status: PaymentAccountStatus,
  /** The provider's account id (Stripe: acct_…); null when none is connected. */
  accountId: z.string().nullable(),
  /** The embedded test gateway: no money moves. */
  testMode: z.boolean(),
});
export type PaymentAccount = z.infer<typeof PaymentAccount>;

export const PaymentAccountQuery = z.object({ org_id: z.coerce.number().pipe(Id) }).strict();
export const PaymentAccountRequest = z.object({ org_id: Id }).strict();
/** Where the channel's owner finishes onboarding (the provider's page; TEST MODE: back to /settings). */
export const ConnectPaymentAccountResponse = z.object({ url: z.string() });
