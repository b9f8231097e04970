import { formatMoney, type PricedTicket } from "./rules";

// Spec 1 §3 ticket prices as the ticket options show them.

/**
 * 'Free', a fixed price ('$25.00'), or a sliding range: 'Pay what you want: $5.00 – $50.00', or
 * 'Pay what you want: $5.00 or more' when maxValue is 0 (no maximum).
 */
export function ticketPriceLabel(ticket: PricedTicket, currency: string): string {
  const { type, value, maxValue } = ticket.price;
  if (type === "free") return "Free";
  if (type === "fixed") return formatMoney(value, currency);
  const range =
    maxValue > 0
      ? `${formatMoney(value, currency)} – ${formatMoney(maxValue, currency)}`
      : `${formatMoney(value, currency)} or more`;
  return `Pay what you want: ${range}`;
}
