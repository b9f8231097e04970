import {
  BadRequest,
  Conflict,
  orderTotalCents,
  type RegisterInput,
  slidingPriceRefusal,
} from "@onstage/domain";
import type { Queryable } from "../../../platform/database";
import { usableCoupon } from "../gates";
import type { RegistrationEvent } from "../queries";
import { type CouponRecord, findPaidTicketTransaction, findTicket, type PaidTransaction } from "./queries";

/** What a registration records about money: the ticket, the coupon and what was paid. */
export interface PricedRegistration {
  ticketId: number | null;
  /** A coupon used without payment; its redemptions are counted again under the event lock. */
  freeCoupon: CouponRecord | null;
  couponId: number | null;
  transaction: PaidTransaction | null;
  amountPaidCents: number;
}

/**
 * The paid ticket transaction the caller names (the payments webhook by id, the browser's return by
 * checkout session id), or null when none is named; a named one that is not paid, or is another
 * user's or event's, refuses the registration.
 */
export async function namedPaidTransaction(
  db: Queryable,
  by: { userId: number; eventId: number; transactionId?: number; checkoutSessionId?: string },
): Promise<PaidTransaction | null> {
  if (by.transactionId === undefined && by.checkoutSessionId === undefined) return null;
  const transaction = await findPaidTicketTransaction(db, by);
  if (!transaction) throw Conflict("payment_required");
  return transaction;
}

/**
 * Spec 1 §4, §5: a ticketed event needs one of its own tickets; a total above zero after the coupon
 * needs a paid transaction of this user, event and ticket; a zero total registers directly.
 */
export async function priceRegistration(
  db: Queryable,
  input: {
    event: RegistrationEvent;
    userId: number;
    request: RegisterInput;
    transaction: PaidTransaction | null;
    now: number;
  },
): Promise<PricedRegistration> {
  const { event, userId, request, transaction } = input;
  if (transaction) {
    if (request.ticket_id !== undefined && request.ticket_id !== transaction.ticketId) {
      throw BadRequest("invalid_ticket");
    }
    // The coupon was checked and the price charged when the checkout was created; the buyer has paid.
    return {
      ticketId: transaction.ticketId,
      freeCoupon: null,
      couponId: transaction.couponId,
      transaction,
      amountPaidCents: transaction.amountCents,
    };
  }

  const coupon = request.coupon_code
    ? await usableCoupon(db, { eventId: event.id, userId, code: request.coupon_code, now: input.now })
    : null;
  const free = { freeCoupon: coupon, couponId: coupon?.id ?? null, transaction: null, amountPaidCents: 0 };
  if (event.access !== "ticketed") {
    if (request.ticket_id !== undefined) throw BadRequest("invalid_ticket");
    return { ticketId: null, ...free };
  }
  if (request.ticket_id === undefined) throw BadRequest("ticket_required");
  const ticket = await findTicket(db, event.id, request.ticket_id);
  if (!ticket) throw BadRequest("invalid_ticket");
  const slidingAmountCents = ticket.price.type === "sliding" ? (request.ticket_cost ?? null) : null;
  if (slidingAmountCents !== null) {
    const refusal = slidingPriceRefusal(slidingAmountCents, ticket.price);
    if (refusal) throw BadRequest(refusal);
  }
  if (orderTotalCents({ ticket, quantity: 1, coupon, slidingAmountCents }) > 0) {
    throw Conflict("payment_required");
  }
  return { ticketId: ticket.id, ...free };
}
