import {
  type AppliedCoupon,
  type Coupon,
  errorMessage,
  formatMoney,
  orderTotalCents,
  slidingAmountToCents,
  slidingPriceRefusal,
  type Ticket,
} from "@onstage/domain";

// The ticket-options form (spec 1 §3 sign-up form state: ticket, ticketQuantity, coupon) and its maths.

export interface Order {
  ticketId: number | null;
  quantity: number;
  /** The sliding amount as typed, in currency units with two decimals (spec 1 §5). */
  amountText: string;
  couponCode: string;
  coupon: AppliedCoupon | null;
}

export function initialOrder(tickets: readonly Ticket[], couponCode: string): Order {
  const only = tickets.length === 1 ? tickets[0] : undefined;
  return { ticketId: only?.id ?? null, quantity: 1, amountText: "", couponCode, coupon: null };
}

export function chosenTicket(tickets: readonly Ticket[], order: Order): Ticket | null {
  return tickets.find((ticket) => ticket.id === order.ticketId) ?? null;
}

export function orderCoupon(order: Order): Coupon | null {
  return order.coupon ? { couponType: order.coupon.coupon_type, value: order.coupon.value } : null;
}

export function slidingAmountCents(ticket: Ticket, order: Order): number | null {
  return ticket.price.type === "sliding" ? slidingAmountToCents(order.amountText) : null;
}

export interface OrderTotals {
  subtotalCents: number;
  totalCents: number;
}

/** Spec 1 §5 coupon maths through the domain's `orderTotalCents` (the coupon applies once per order). */
export function orderTotals(ticket: Ticket, order: Order): OrderTotals {
  const base = { ticket, quantity: order.quantity, slidingAmountCents: slidingAmountCents(ticket, order) };
  return {
    subtotalCents: orderTotalCents(base),
    totalCents: orderTotalCents({ ...base, coupon: orderCoupon(order) }),
  };
}

/** Spec 1 §5: 'Please specify an amount'; the bounds' words are ours (docs/decisions.md). */
export function slidingAmountError(ticket: Ticket, order: Order, currency: string): string | null {
  if (ticket.price.type !== "sliding") return null;
  const refusal = slidingPriceRefusal(slidingAmountCents(ticket, order), ticket.price);
  switch (refusal) {
    case null:
      return null;
    case "sliding_amount_required":
      return errorMessage(refusal);
    case "below_minimum":
      return `The minimum is ${formatMoney(ticket.price.value, currency)}`;
    case "above_maximum":
      return `The maximum is ${formatMoney(ticket.price.maxValue, currency)}`;
  }
}

/** A free ticket registers at once; any other goes through checkout, which confirms a zero total itself. */
export const needsCheckout = (ticket: Ticket) => ticket.price.type !== "free";
