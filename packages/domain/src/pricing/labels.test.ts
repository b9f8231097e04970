import { expect, test } from "vitest";
import type { TicketPriceType } from "../vocabulary";
import { ticketPriceLabel } from "./labels";

test.each([
  { case: "free", type: "free", value: 0, maxValue: 0, currency: "USD", want: "Free" },
  { case: "fixed", type: "fixed", value: 2500, maxValue: 0, currency: "USD", want: "$25.00" },
  {
    case: "sliding with a maximum",
    type: "sliding",
    value: 500,
    maxValue: 5000,
    currency: "USD",
    want: "Pay what you want: $5.00 – $50.00",
  },
  {
    case: "sliding without a maximum (maxValue 0)",
    type: "sliding",
    value: 500,
    maxValue: 0,
    currency: "USD",
    want: "Pay what you want: $5.00 or more",
  },
  { case: "zero-decimal currency", type: "fixed", value: 1500, maxValue: 0, currency: "JPY", want: "¥1,500" },
] as {
  case: string;
  type: TicketPriceType;
  value: number;
  maxValue: number;
  currency: string;
  want: string;
}[])("$case → $want", ({ type, value, maxValue, currency, want }) => {
  expect(ticketPriceLabel({ price: { type, value, maxValue } }, currency)).toBe(want);
});
