import type { CouponType, TicketPriceType } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

// Typed SQL of what a registration costs: tickets, coupons and paid transactions.

export interface TicketRecord {
  id: number;
  price: { type: TicketPriceType; value: number; maxValue: number };
}

export async function findTicket(
  db: Queryable,
  eventId: number,
  ticketId: number,
): Promise<TicketRecord | null> {
  const [r] = await db.query<{
    id: number;
    price_type: TicketPriceType;
    price_cents: number;
    max_value_cents: number;
  }>(
    `SELECT id, price_type, price_cents, max_value_cents FROM event_tickets
     WHERE id = $1 AND event_id = $2 AND deleted_at IS NULL`,
    [ticketId, eventId],
  );
  return r
    ? { id: r.id, price: { type: r.price_type, value: r.price_cents, maxValue: r.max_value_cents } }
    : null;
}

export interface PaidTransaction {
  id: number;
  ticketId: number | null;
  couponId: number | null;
  amountCents: number;
  checkoutSessionId: string | null;
}

/**
 * The paid ticket transaction of this user and event, named by the payments feature's transaction id or
 * by its checkout session id; another user's or another event's transaction is never found.
 */
export async function findPaidTicketTransaction(
  db: Queryable,
  by: { userId: number; eventId: number; transactionId?: number; checkoutSessionId?: string },
): Promise<PaidTransaction | null> {
  const [r] = await db.query<{
    id: number;
    ticket_id: number | null;
    coupon_id: number | null;
    amount_cents: number;
    checkout_session_id: string | null;
  }>(
    `SELECT id, ticket_id, coupon_id, amount_cents, checkout_session_id FROM transactions
     WHERE provider IN ('test', 'stripe') AND kind = 'ticket' AND status = 'paid'
       AND user_id = $1 AND event_id = $2
       AND ($3::bigint IS NULL OR id = $3) AND ($4::text IS NULL OR checkout_session_id = $4)
     ORDER BY id LIMIT 1`,
    [by.userId, by.eventId, by.transactionId ?? null, by.checkoutSessionId ?? null],
  );
  if (!r) return null;
  return {
    id: r.id,
    ticketId: r.ticket_id,
    couponId: r.coupon_id,
    amountCents: r.amount_cents,
    checkoutSessionId: r.checkout_session_id,
  };
}

export interface CouponRecord {
  id: number;
  name: string;
  couponType: CouponType;
  value: number;
  maxRedemptions: number | null;
  expiresAt: number | null;
}

/** Spec 1 §5 promo codes: matched whatever the letter case, among the event's live coupons. */
export async function findCoupon(db: Queryable, eventId: number, code: string): Promise<CouponRecord | null> {
  const [r] = await db.query<{
    id: number;
    name: string;
    coupon_type: CouponType;
    value: number;
    max_redemptions: number | null;
    expires_at: Date | null;
  }>(
    `SELECT id, name, coupon_type, value, max_redemptions, expires_at FROM coupons
     WHERE event_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL`,
    [eventId, code.trim()],
  );
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    couponType: r.coupon_type,
    value: r.value,
    maxRedemptions: r.max_redemptions,
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at).getTime(),
  };
}
