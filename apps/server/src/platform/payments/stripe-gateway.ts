import type Stripe from "stripe";
import type {
  CheckoutSession,
  ConnectedAccount,
  PaymentGateway,
  PaymentWebhookEvent,
  WebhookOutcome,
} from "./gateway";

/** Stripe's documented default: a signed webhook older than five minutes is refused (replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local stand-in in tests); Stripe's own otherwise. */
  apiBase?: string;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    status: s.status === "complete" ? "complete" : s.status === "expired" ? "expired" : "open",
    // Unknown future values read as unpaid: only an explicit "paid" registers anyone.
    paymentStatus:
      s.payment_status === "paid"
        ? "paid"
        : s.payment_status === "no_payment_required"
          ? "no_payment_required"
          : "unpaid",
    amountTotal: s.amount_total,
    currency: s.currency ? s.currency.toUpperCase() : null,
    clientReferenceId: s.client_reference_id,
    metadata: { ...(s.metadata ?? {}) },
    paymentIntentId: idOf(s.payment_intent),
  };
}

const toAccount = (a: Stripe.Account): ConnectedAccount => ({ id: a.id, chargesEnabled: a.charges_enabled });

function outcome(event: Stripe.Event): WebhookOutcome {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return { kind: "checkout_completed", session: toSession(event.data.object) };
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return { kind: "checkout_expired", session: toSession(event.data.object) };
    case "charge.refunded": {
      const charge = event.data.object;
      // A partial refund leaves the ticket paid.
      if (!charge.refunded) return { kind: "ignored" };
      return {
        kind: "refunded",
        paymentIntentId: idOf(charge.payment_intent),
        clientReferenceId: charge.metadata?.client_reference_id ?? null,
      };
    }
    // A Connect endpoint's event: a channel's account finished (or lost) its onboarding.
    case "account.updated":
      return { kind: "account_updated", account: toAccount(event.data.object) };
    default:
      return { kind: "ignored" };
  }
}

function apiAddress(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? ("http" as const) : ("https" as const),
  };
}

/**
 * Stripe Checkout through the official SDK, loaded only by a server configured for Stripe (it is some
 * 20 MB of an idle server's memory otherwise, issue 14 §5).
 */
export async function stripeGateway(settings: StripeSettings): Promise<PaymentGateway> {
  const { default: Stripe } = await import("stripe");
  /** Stripe's 404 (an id it does not know) is null; anything else is an error. */
  const unlessMissing = <T>(request: Promise<T>): Promise<T | null> =>
    request.catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    });
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...apiAddress(settings.apiBase),
  });
  return {
    kind: "stripe",
    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.clientReferenceId,
          metadata: input.metadata,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          // Copied to the PaymentIntent so a refund (charge.refunded) names the transaction even when it
          // arrives before the completion.
          payment_intent_data: {
            metadata: { ...input.metadata, client_reference_id: input.clientReferenceId },
            ...(input.destinationAccountId
              ? { transfer_data: { destination: input.destinationAccountId } }
              : {}),
          },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a url");
      return { id: session.id, url: session.url };
    },
    retrieveCheckoutSession: (id) => unlessMissing(stripe.checkout.sessions.retrieve(id).then(toSession)),
    async createConnectedAccount({ organizationId, idempotencyKey }) {
      // Express: Stripe hosts the onboarding and the channel's dashboard (issue 25 §4).
      const account = await stripe.accounts.create(
        {
          type: "express",
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { organization_id: String(organizationId) },
        },
        { idempotencyKey },
      );
      return { id: account.id };
    },
    async accountOnboardingUrl(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    retrieveConnectedAccount: (id) => unlessMissing(stripe.accounts.retrieve(id).then(toAccount)),
    parseWebhook(rawBody, signatureHeader): PaymentWebhookEvent {
      if (!signatureHeader) throw new Error("missing Stripe-Signature header");
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
      return { id: event.id, type: event.type, payload: event, outcome: outcome(event) };
    },
  };
}
