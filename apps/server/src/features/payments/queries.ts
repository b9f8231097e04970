import type { RegisterInput, TransactionStatus } from "@onstage/domain";
import { type Queryable, statement } from "../../platform/database";

// Typed SQL of payments: checkout transactions (tickets and donations).

/** What the registration a checkout pays for will send (answers, coupon, utm), kept for the webhook. */
export type PendingRegistration = Omit<RegisterInput, "stripe_checkout_session_id">;

export interface CheckoutTransaction {
  id: number;
  kind: "ticket" | "donation";
  status: TransactionStatus;
  userId: number;
  eventId: number;
  /** A ticket's; null for a donation. */
  ticketId: number | null;
  /** A donation's session; null for a ticket. */
  videoSessionId: number | null;
  amountCents: number;
  currency: string;
  checkoutSessionId: string | null;
  clientReferenceId: string;
  registrationInput: PendingRegistration | null;
  createdAt: Date;
}

export interface TransactionRow {
  id: number;
  kind: "ticket" | "donation";
  status: TransactionStatus;
  user_id: number;
  event_id: number;
  ticket_id: number | null;
  video_session_id: number | null;
  amount_cents: number;
  currency: string;
  checkout_session_id: string | null;
  client_reference_id: string;
  registration_input: PendingRegistration | null;
  created_at: Date;
}

export const TRANSACTION_COLUMNS = `id, kind, status, user_id, event_id, ticket_id, video_session_id, amount_cents, currency, checkout_session_id,
  client_reference_id, registration_input, created_at`;

export const toTransaction = (r: TransactionRow): CheckoutTransaction => ({
  id: Number(r.id),
  kind: r.kind,
  status: r.status,
  userId: Number(r.user_id),
  eventId: Number(r.event_id),
  ticketId: r.ticket_id === null ? null : Number(r.ticket_id),
  videoSessionId: r.video_session_id === null ? null : Number(r.video_session_id),
  amountCents: r.amount_cents,
  currency: r.currency,
  checkoutSessionId: r.checkout_session_id,
  clientReferenceId: r.client_reference_id,
  registrationInput: r.registration_input,
  createdAt: new Date(r.created_at),
});

export interface CheckoutEvent {
  title: string;
  eventCode: string;
  currency: string;
  ticketTitle: string;
}

export async function findCheckoutEvent(
  db: Queryable,
  eventId: number,
  ticketId: number,
): Promise<CheckoutEvent | null> {
  const [r] = await db.query<{
    title: string;
    event_code: string;
    event_ticket_currency: string;
    ticket_title: string;
  }>(
    `SELECT e.title, e.event_code, e.event_ticket_currency, t.title AS ticket_title
     FROM events e JOIN event_tickets t ON t.event_id = e.id AND t.id = $2 WHERE e.id = $1`,
    [eventId, ticketId],
  );
  return r
    ? {
        title: r.title,
        eventCode: r.event_code,
        currency: r.event_ticket_currency,
        ticketTitle: r.ticket_title,
      }
    : null;
}

export interface NewCheckoutTransaction {
  provider: "test" | "stripe";
  userId: number;
  eventId: number;
  ticketId: number;
  couponId: number | null;
  quantity: number;
  amountCents: number;
  currency: string;
  clientReferenceId: string;
  idempotencyKey: string;
  registrationInput: PendingRegistration;
}

/** A retry with the same idempotency key finds the first attempt's row (its answers refreshed while pending). */
export async function upsertCheckoutTransaction(
  tx: Queryable,
  t: NewCheckoutTransaction,
): Promise<CheckoutTransaction> {
  await tx.query(
    `INSERT INTO transactions (kind, provider, user_id, event_id, ticket_id, coupon_id, quantity, amount_cents,
       currency, client_reference_id, idempotency_key, registration_input)
     VALUES ('ticket', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO UPDATE
       SET registration_input = EXCLUDED.registration_input, updated_at = now()
       WHERE transactions.status = 'pending'`,
    [
      t.provider,
      t.userId,
      t.eventId,
      t.ticketId,
      t.couponId,
      t.quantity,
      t.amountCents,
      t.currency,
      t.clientReferenceId,
      t.idempotencyKey,
      JSON.stringify(t.registrationInput),
    ],
  );
  const [r] = await tx.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE idempotency_key = $1`,
    [t.idempotencyKey],
  );
  if (!r) throw new Error("checkout transaction not stored");
  return toTransaction(r);
}

export async function setCheckoutSessionId(db: Queryable, id: number, sessionId: string): Promise<void> {
  await db.query(
    "UPDATE transactions SET checkout_session_id = $2, updated_at = now() WHERE id = $1 AND checkout_session_id IS NULL",
    [id, sessionId],
  );
}

export async function findTransaction(
  db: Queryable,
  by: {
    provider: string;
    checkoutSessionId?: string | null;
    clientReferenceId?: string | null;
    paymentIntentId?: string | null;
  },
): Promise<CheckoutTransaction | null> {
  const [r] = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions
     WHERE provider = $1
       AND (checkout_session_id = $2 OR client_reference_id = $3 OR payment_intent_id = $4)
     ORDER BY (checkout_session_id = $2) DESC NULLS LAST LIMIT 1`,
    [by.provider, by.checkoutSessionId ?? null, by.clientReferenceId ?? null, by.paymentIntentId ?? null],
  );
  return r ? toTransaction(r) : null;
}

/** Locks the transaction so two reports of its outcome (browser, webhook, job) apply one after the other. */
export async function lockTransactionStatus(tx: Queryable, id: number): Promise<TransactionStatus | null> {
  const [r] = await tx.query<{ status: TransactionStatus }>(
    "SELECT status FROM transactions WHERE id = $1 FOR UPDATE",
    [id],
  );
  return r?.status ?? null;
}

export async function setTransactionStatus(
  tx: Queryable,
  id: number,
  status: TransactionStatus,
  paymentIntentId: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE transactions SET status = $2, payment_intent_id = coalesce(payment_intent_id, $3), updated_at = now()
     WHERE id = $1`,
    [id, status, paymentIntentId],
  );
}

const HAS_PAID_TICKET = statement(
  "has_paid_ticket",
  `SELECT EXISTS (SELECT 1 FROM transactions WHERE user_id = $1 AND event_id = $2 AND kind = 'ticket'
     AND status = 'paid') AS paid`,
);

export async function hasPaidTicket(db: Queryable, userId: number, eventId: number): Promise<boolean> {
  const [r] = await db.query<{ paid: boolean }>(HAS_PAID_TICKET, [userId, eventId]);
  return r?.paid ?? false;
}

/** Pending checkouts old enough that their webhook should have come. */
export async function listStalePending(
  db: Queryable,
  provider: string,
  olderThanMinutes: number,
): Promise<CheckoutTransaction[]> {
  const rows = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions
     WHERE status = 'pending' AND provider = $1 AND created_at < now() - make_interval(mins => $2)
     ORDER BY created_at LIMIT 100`,
    [provider, olderThanMinutes],
  );
  return rows.map(toTransaction);
}
