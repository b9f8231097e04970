import {
  BadRequest,
  type CreateCheckoutSessionInput,
  Forbidden,
  type ValidateCheckoutSessionRequest,
} from "@onstage/domain";
import type { PaymentWebhookEvent } from "../../platform/payments/gateway";
import { type CheckoutDeps, createCheckout } from "./checkout";
import { findTransaction, hasPaidTicket } from "./queries";
import { processStoredOutcome, reconcile } from "./reconcile";
import { settleSession } from "./settle";
import { markWebhookProcessed, recordWebhook } from "./webhooks/queries";

/** Whether the user holds a paid ticket of the event (the event page's standing). */
export { hasPaidTicket } from "./queries";

export type PaymentsDeps = CheckoutDeps;

export function paymentsService(deps: PaymentsDeps) {
  const { db, gateway, log } = deps;
  const inFlight = new Set<Promise<void>>();

  /** Runs after the webhook's response; a failure is kept on the row for the reconciliation job. */
  async function processWebhook(event: PaymentWebhookEvent): Promise<void> {
    let error: string | null = null;
    try {
      await processStoredOutcome(deps, event.outcome);
    } catch (e) {
      error = e instanceof Error ? e.message.slice(0, 500) : "processing failed";
      log.error({ err: e, webhookId: event.id }, "payment webhook processing failed");
    }
    await markWebhookProcessed(db, gateway.kind, event.id, error).catch((e: unknown) =>
      log.error({ err: e, webhookId: event.id }, "payment webhook not marked processed"),
    );
  }

  return {
    gatewayKind: gateway.kind,

    createCheckoutSession: (userId: number, input: CreateCheckoutSessionInput) =>
      createCheckout(deps, userId, input),

    /**
     * Spec 1 §4: the browser returns with the session id; it is valid only when the provider says it
     * is paid and it is this user's checkout for this event. Registration errors reach the client.
     */
    async validateCheckoutSession(userId: number, body: ValidateCheckoutSessionRequest): Promise<boolean> {
      const transaction = await findTransaction(db, {
        provider: gateway.kind,
        checkoutSessionId: body.stripe_checkout_session_id,
      });
      if (!transaction || transaction.userId !== userId || transaction.eventId !== body.event_id)
        return false;
      if (transaction.checkoutSessionId !== body.stripe_checkout_session_id) return false;
      if (
        body.org_id !== undefined &&
        (await deps.registration.organizationOf(body.event_id)) !== body.org_id
      ) {
        return false;
      }
      const session = await gateway.retrieveCheckoutSession(body.stripe_checkout_session_id);
      if (!session) return false;
      return (await settleSession(deps, session)).kind === "paid";
    },

    /** Spec 1 §7 has-paid: the viewer's own answer, or a host's about an attendee of their event. */
    async hasPaid(viewerId: number, userId: number, eventId: number): Promise<boolean> {
      if (viewerId !== userId && !(await deps.registration.isEventHost(viewerId, eventId))) throw Forbidden();
      return hasPaidTicket(db, userId, eventId);
    },

    /**
     * Verified, recorded once by event id, then processed after the response. Returns false for a
     * redelivery. A bad signature, an old timestamp or a changed body is refused before anything is stored.
     */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
      let event: PaymentWebhookEvent;
      try {
        event = gateway.parseWebhook(rawBody, signature);
      } catch (e) {
        log.warn({ reason: e instanceof Error ? e.message : "unknown" }, "payment webhook refused");
        throw BadRequest("invalid_webhook");
      }
      if (!(await recordWebhook(db, gateway.kind, event))) return false;
      if (event.outcome.kind !== "ignored") {
        const work = new Promise<void>((resolve) => setImmediate(resolve)).then(() => processWebhook(event));
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
      }
      return true;
    },

    /** Asks the provider about checkouts whose webhook never came (run every few minutes by main.ts). */
    reconcilePendingCheckouts: () => reconcile(deps),

    /** Waits for webhook processing still running (server shutdown, tests). */
    async drain(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
