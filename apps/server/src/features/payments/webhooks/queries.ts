import type { Queryable } from "../../../platform/database";
import type { PaymentWebhookEvent, WebhookOutcome } from "../../../platform/payments/gateway";

// Typed SQL of webhook deliveries (payment_webhook_events), deduplicated by the provider's event id.

type OutcomeKind = WebhookOutcome["kind"];

export interface StoredWebhook {
  id: string;
  outcome: OutcomeKind;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  clientReferenceId: string | null;
}

function keysOf(outcome: WebhookOutcome) {
  switch (outcome.kind) {
    case "checkout_completed":
    case "checkout_expired":
      return {
        checkoutSessionId: outcome.session.id,
        paymentIntentId: outcome.session.paymentIntentId,
        clientReferenceId: outcome.session.clientReferenceId,
      };
    case "refunded":
      return {
        checkoutSessionId: null,
        paymentIntentId: outcome.paymentIntentId,
        clientReferenceId: outcome.clientReferenceId,
      };
    case "account_updated":
    case "ignored":
      return { checkoutSessionId: null, paymentIntentId: null, clientReferenceId: null };
  }
}

/** False when this event id was already received: a redelivery changes nothing. */
export async function recordWebhook(
  db: Queryable,
  provider: string,
  event: PaymentWebhookEvent,
): Promise<boolean> {
  const keys = keysOf(event.outcome);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO payment_webhook_events (provider, id, type, payload, outcome, checkout_session_id,
       payment_intent_id, client_reference_id, processed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $5 = 'ignored' THEN now() END)
     ON CONFLICT (provider, id) DO NOTHING RETURNING id`,
    [
      provider,
      event.id,
      event.type,
      JSON.stringify(event.payload),
      event.outcome.kind,
      keys.checkoutSessionId,
      keys.paymentIntentId,
      keys.clientReferenceId,
    ],
  );
  return rows.length > 0;
}

export async function markWebhookProcessed(
  db: Queryable,
  provider: string,
  id: string,
  error: string | null,
): Promise<void> {
  await db.query(
    `UPDATE payment_webhook_events SET processed_at = CASE WHEN $3::text IS NULL THEN now() END, error = $3
     WHERE provider = $1 AND id = $2`,
    [provider, id, error],
  );
}

/** A full refund already reported for this payment (it may arrive before the payment itself). */
export async function isRefundReported(
  db: Queryable,
  provider: string,
  keys: { paymentIntentId: string | null; clientReferenceId: string | null },
): Promise<boolean> {
  const [r] = await db.query<{ refunded: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM payment_webhook_events WHERE provider = $1 AND outcome = 'refunded'
       AND (payment_intent_id = $2 OR client_reference_id = $3)) AS refunded`,
    [provider, keys.paymentIntentId, keys.clientReferenceId],
  );
  return r?.refunded ?? false;
}

/** Deliveries recorded but not processed (the process stopped, or processing failed) a minute ago or more. */
export async function listUnprocessedWebhooks(db: Queryable, provider: string): Promise<StoredWebhook[]> {
  const rows = await db.query<{
    id: string;
    outcome: OutcomeKind;
    checkout_session_id: string | null;
    payment_intent_id: string | null;
    client_reference_id: string | null;
  }>(
    `SELECT id, outcome, checkout_session_id, payment_intent_id, client_reference_id FROM payment_webhook_events
     WHERE provider = $1 AND processed_at IS NULL AND received_at < now() - interval '1 minute'
     ORDER BY received_at LIMIT 100`,
    [provider],
  );
  return rows.map((r) => ({
    id: r.id,
    outcome: r.outcome,
    checkoutSessionId: r.checkout_session_id,
    paymentIntentId: r.payment_intent_id,
    clientReferenceId: r.client_reference_id,
  }));
}
