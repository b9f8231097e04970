import type { CouponType, TicketPriceType } from "../vocabulary";

// Spec 1 §5 ticket prices and coupon maths; every amount is integer cents.

export interface Coupon {
  couponType: CouponType;
  /** percent: a whole percent; amount: cents. */
  value: number;
}

/** Spec 1 §5: percent = price minus the percentage; amount = price minus the value; never below zero. */
export function applyCoupon(priceCents: number, coupon: Coupon): number {
  const discount = coupon.couponType === "percent" ? (priceCents * coupon.value) / 100 : coupon.value;
  return Math.max(0, Math.round(priceCents - discount));
}

const AMOUNT_PATTERN = /^(\d*)(?:\.(\d*))?$/;

/**
 * Spec 1 §5: the sliding amount is typed with two decimals and converted to cents; further decimals
 * round half up. Null when the text is not a non-negative number.
 */
export function slidingAmountToCents(input: string): number | null {
  const match = AMOUNT_PATTERN.exec(input.trim());
  const whole = match?.[1] ?? "";
  const fraction = match?.[2] ?? "";
  if (!match || (whole === "" && fraction === "")) return null;
  const padded = fraction.padEnd(3, "0");
  const cents = Number(whole || "0") * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

export type SlidingPriceRefusal = "sliding_amount_required" | "below_minimum" | "above_maximum";

/** Spec 1 §5: an amount is required, at least the ticket's value and at most maxValue (0 = no maximum). */
export function slidingPriceRefusal(
  amountCents: number | null,
  ticket: { value: number; maxValue: number },
): SlidingPriceRefusal | null {
  if (amountCents === null) return "sliding_amount_required";
  if (amountCents < ticket.value) return "below_minimum";
  if (ticket.maxValue > 0 && amountCents > ticket.maxValue) return "above_maximum";
  return null;
}

export interface PricedTicket {
  price: { type: TicketPriceType; value: number; maxValue: number };
}

/** A sliding ticket costs the amount the buyer chose, or its minimum until they choose. */
export function ticketPriceCents(ticket: PricedTicket, slidingAmountCents?: number | null): number {
  switch (ticket.price.type) {
    case "free":
      return 0;
    case "fixed":
      return ticket.price.value;
    case "sliding":
      return slidingAmountCents ?? ticket.price.value;
  }
}

/** The coupon applies once to the whole order (docs/decisions.md). */
export function orderTotalCents(input: {
  ticket: PricedTicket;
  quantity: number;
  coupon?: Coupon | null;
  slidingAmountCents?: number | null;
}): number {
  const subtotal = ticketPriceCents(input.ticket, input.slidingAmountCents) * Math.max(1, input.quantity);
  return input.coupon ? applyCoupon(subtotal, input.coupon) : subtotal;
}

/** Cents in the currency's minor unit; zero-decimal currencies (JPY) are counted in whole units. */
export function formatMoney(cents: number, currency: string, locale = "en-US"): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(cents / 10 ** digits);
}
