// The payments port (issue 5 item 4): a card provider's hosted checkout, whose shapes follow Stripe
// Checkout. The embedded test gateway and Stripe both implement it.

export interface CreateCheckoutSession {
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  /** May hold `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  /** After this the session can no longer be paid (it ends the seat hold). */
  expiresAt: Date;
  /** The same key makes the same session (a retried creation never makes a second one). */
  idempotencyKey: string;
  /** The channel's connected account the money goes to (Stripe Connect: a destination charge). */
  destinationAccountId: string | null;
}

/** A channel's account at the provider (Stripe Connect), as far as taking payments goes. */
export interface ConnectedAccount {
  id: string;
  /** Onboarding finished: payments can be sent to it. */
  chargesEnabled: boolean;
}

export type CheckoutStatus = "open" | "complete" | "expired";
export type CheckoutPaymentStatus = "paid" | "unpaid" | "no_payment_required";

export interface CheckoutSession {
  id: string;
  status: CheckoutStatus;
  paymentStatus: CheckoutPaymentStatus;
  amountTotal: number | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** The provider's payment, which refunds name (Stripe: the PaymentIntent). */
  paymentIntentId: string | null;
}

/** A verified webhook, reduced to what the payments feature acts on. */
export type WebhookOutcome =
  | { kind: "checkout_completed"; session: CheckoutSession }
  | { kind: "checkout_expired"; session: CheckoutSession }
  | { kind: "refunded"; paymentIntentId: string | null; clientReferenceId: string | null }
  | { kind: "account_updated"; account: ConnectedAccount }
  | { kind: "ignored" };

export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** The provider's event as parsed from the verified body (stored for audit and late matching). */
  payload: unknown;
  outcome: WebhookOutcome;
}

export interface PaymentGateway {
  kind: "test" | "stripe";
  createCheckoutSession(input: CreateCheckoutSession): Promise<{ id: string; url: string }>;
  /** Null when the provider does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /** A new connected account for a channel; the same key makes the same account. */
  createConnectedAccount(input: { organizationId: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Where the channel's owner finishes the account's onboarding at the provider. */
  accountOnboardingUrl(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** Null when the provider does not know the account. */
  retrieveConnectedAccount(id: string): Promise<ConnectedAccount | null>;
  /** Verifies the signature over the exact bytes received; throws when it does not hold. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent;
}

export const CHECKOUT_SESSION_ID_TEMPLATE = "{CHECKOUT_SESSION_ID}";
