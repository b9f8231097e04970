import type { Donation, DonationsResponse } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";
import {
  type CheckoutTransaction,
  TRANSACTION_COLUMNS,
  type TransactionRow,
  toTransaction,
} from "../queries";

// Typed SQL of donations (spec 2 §4, §7): transactions of kind 'donation' of a session.

/** A session's contribution CTA and what the checkout names: the event and the channel's payee. */
export interface ContributionTarget {
  elementId: number;
  currency: string;
  eventId: number;
  eventTitle: string;
}

/**
 * The session's contribution CTA `elementId`, or the one on air when it is null; null when there is no
 * such contribution (deleted meanwhile, another session's, or a link CTA).
 */
export async function findContribution(
  db: Queryable,
  sessionId: number,
  elementId: number | null,
): Promise<ContributionTarget | null> {
  const [r] = await db.query<{ id: number; currency: string | null; event_id: number; title: string }>(
    `SELECT c.id, c.options->>'currency' AS currency, e.id AS event_id, e.title
       FROM video_sessions s JOIN events e ON e.id = s.event_id
       JOIN custom_elements c ON c.video_session_id = s.id AND c.type = 'contribution'
      WHERE s.id = $1 AND c.id = coalesce($2::bigint, (s.offer_state->0->>'id')::bigint)`,
    [sessionId, elementId],
  );
  return r
    ? {
        elementId: Number(r.id),
        currency: r.currency ?? "USD",
        eventId: Number(r.event_id),
        eventTitle: r.title,
      }
    : null;
}

export interface NewDonation {
  provider: "test" | "stripe";
  userId: number;
  eventId: number;
  sessionId: number;
  amountCents: number;
  currency: string;
  clientReferenceId: string;
  idempotencyKey: string;
}

/** A retry with the same key finds the first attempt's row. */
export async function upsertDonation(db: Queryable, d: NewDonation): Promise<CheckoutTransaction> {
  await db.query(
    `INSERT INTO transactions (kind, provider, user_id, event_id, video_session_id, amount_cents, currency,
       client_reference_id, idempotency_key)
     VALUES ('donation', $1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`,
    [
      d.provider,
      d.userId,
      d.eventId,
      d.sessionId,
      d.amountCents,
      d.currency,
      d.clientReferenceId,
      d.idempotencyKey,
    ],
  );
  // A second statement: it sees a row another request committed while this one waited on the key.
  const [r] = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE idempotency_key = $1`,
    [d.idempotencyKey],
  );
  if (!r) throw new Error("donation not stored");
  return toTransaction(r);
}

/** The user's own transaction by its reference (check-status never shows another user's). */
export async function findOwnTransaction(
  db: Queryable,
  userId: number,
  clientReferenceId: string,
): Promise<CheckoutTransaction | null> {
  const [r] = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE client_reference_id = $1 AND user_id = $2`,
    [clientReferenceId, userId],
  );
  return r ? toTransaction(r) : null;
}

/** How many of the newest donations the team's list shows (the totals count them all). */
const LISTED_DONATIONS = 100;

export async function sessionDonations(db: Queryable, sessionId: number): Promise<DonationsResponse> {
  const rows = await db.query<{
    id: number;
    user_id: number;
    full_name: string;
    amount_cents: number;
    currency: string;
    updated_at: Date;
  }>(
    `SELECT t.id, t.user_id, u.full_name, t.amount_cents, t.currency, t.updated_at
       FROM transactions t JOIN users u ON u.id = t.user_id
      WHERE t.video_session_id = $1 AND t.kind = 'donation' AND t.status = 'paid'
      ORDER BY t.updated_at DESC, t.id DESC LIMIT ${LISTED_DONATIONS}`,
    [sessionId],
  );
  const totals = await db.query<{ currency: string; amount_cents: string; count: string }>(
    `SELECT currency, sum(amount_cents) AS amount_cents, count(*) AS count FROM transactions
      WHERE video_session_id = $1 AND kind = 'donation' AND status = 'paid'
      GROUP BY currency ORDER BY sum(amount_cents) DESC`,
    [sessionId],
  );
  const donations: Donation[] = rows.map((r) => ({
    id: Number(r.id),
    donor: { id: Number(r.user_id), fullName: r.full_name },
    amountCents: r.amount_cents,
    currency: r.currency,
    paidAt: r.updated_at.toISOString(),
  }));
  return {
    donations,
    totals: totals.map((t) => ({
      currency: t.currency,
      amountCents: Number(t.amount_cents),
      count: Number(t.count),
    })),
  };
}
