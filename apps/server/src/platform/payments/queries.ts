import type { Queryable } from "../database";
import type { CheckoutPaymentStatus, CheckoutStatus, CreateCheckoutSession } from "./gateway";

// test_checkout_sessions: the TEST MODE gateway's checkouts (test-gateway.ts).

export interface TestCheckoutRow {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  form_token: string;
  status: CheckoutStatus;
  payment_status: CheckoutPaymentStatus;
  expired: boolean;
}

export async function findTestCheckout(db: Queryable, id: string): Promise<TestCheckoutRow | null> {
  const [row] = await db.query<TestCheckoutRow>(
    `SELECT id, amount_cents, currency, description, success_url, cancel_url, client_reference_id,
       metadata, form_token, status, payment_status, (status = 'open' AND expires_at <= now()) AS expired
       FROM test_checkout_sessions WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** Idempotent like Stripe: a second session with the same key is not stored (the first one stands). */
export async function insertTestCheckout(
  db: Queryable,
  c: CreateCheckoutSession & { id: string; formToken: string },
): Promise<void> {
  await db.query(
    `INSERT INTO test_checkout_sessions (id, amount_cents, currency, description, success_url, cancel_url,
       client_reference_id, metadata, idempotency_key, form_token, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (idempotency_key) DO NOTHING`,
    [
      c.id,
      c.amountCents,
      c.currency,
      c.description,
      c.successUrl,
      c.cancelUrl,
      c.clientReferenceId,
      JSON.stringify(c.metadata),
      c.idempotencyKey,
      c.formToken,
      c.expiresAt,
    ],
  );
}

/** The session stored under the idempotency key, or null. */
export async function findTestCheckoutId(db: Queryable, idempotencyKey: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    "SELECT id FROM test_checkout_sessions WHERE idempotency_key = $1",
    [idempotencyKey],
  );
  return row?.id ?? null;
}

/** An open session becomes complete and paid. */
export async function markTestCheckoutPaid(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE test_checkout_sessions SET status = 'complete', payment_status = 'paid'
     WHERE id = $1 AND status = 'open'`,
    [id],
  );
}
