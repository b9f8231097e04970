import { describe, expect, test } from "vitest";
import type { TicketPriceType } from "../vocabulary";
import {
  applyCoupon,
  type Coupon,
  formatMoney,
  orderTotalCents,
  slidingAmountToCents,
  slidingPriceRefusal,
  ticketPriceCents,
} from "./rules";

const percent = (value: number): Coupon => ({ couponType: "percent", value });
const amount = (value: number): Coupon => ({ couponType: "amount", value });
const ticket = (type: TicketPriceType, value: number, maxValue = 0) => ({ price: { type, value, maxValue } });

describe("applyCoupon (spec 1 §5 coupon maths)", () => {
  test.each([
    { case: "percent off", price: 2000, coupon: percent(25), want: 1500 },
    { case: "percent rounds to cents", price: 999, coupon: percent(15), want: 849 },
    { case: "percent rounds half up", price: 1001, coupon: percent(50), want: 501 },
    { case: "100 percent is free", price: 2000, coupon: percent(100), want: 0 },
    { case: "amount off", price: 2000, coupon: amount(500), want: 1500 },
    { case: "amount never below zero", price: 2000, coupon: amount(5000), want: 0 },
    { case: "free ticket stays free", price: 0, coupon: percent(10), want: 0 },
  ])("$case → $want", ({ price, coupon, want }) => {
    expect(applyCoupon(price, coupon)).toBe(want);
  });
});

describe("slidingAmountToCents (spec 1 §5: two decimals, converted to cents)", () => {
  test.each([
    { case: "whole amount", input: "20", want: 2000 },
    { case: "two decimals", input: "19.99", want: 1999 },
    { case: "one decimal", input: "5.5", want: 550 },
    { case: "leading dot", input: ".75", want: 75 },
    { case: "trailing dot", input: "7.", want: 700 },
    { case: "surrounding spaces", input: " 12.30 ", want: 1230 },
    { case: "third decimal rounds half up", input: "1.005", want: 101 },
    { case: "third decimal rounds down", input: "1.004", want: 100 },
    { case: "zero", input: "0", want: 0 },
    { case: "empty", input: "", want: null },
    { case: "a lone dot", input: ".", want: null },
    { case: "not a number", input: "abc", want: null },
    { case: "negative", input: "-5", want: null },
    { case: "thousands separator", input: "1,000", want: null },
    { case: "absurdly large", input: "9".repeat(20), want: null },
  ])("$case: '$input' → $want", ({ input, want }) => {
    expect(slidingAmountToCents(input)).toBe(want);
  });
});

describe("slidingPriceRefusal (spec 1 §5 sliding price)", () => {
  test.each([
    { case: "amount required", amount: null, value: 500, maxValue: 0, want: "sliding_amount_required" },
    { case: "below the minimum", amount: 499, value: 500, maxValue: 0, want: "below_minimum" },
    { case: "at the minimum", amount: 500, value: 500, maxValue: 2000, want: null },
    { case: "at the maximum", amount: 2000, value: 500, maxValue: 2000, want: null },
    { case: "above the maximum", amount: 2001, value: 500, maxValue: 2000, want: "above_maximum" },
    { case: "maxValue 0 means no maximum", amount: 1_000_000, value: 500, maxValue: 0, want: null },
    { case: "pay-what-you-want from zero", amount: 0, value: 0, maxValue: 0, want: null },
  ])("$case → $want", ({ amount, value, maxValue, want }) => {
    expect(slidingPriceRefusal(amount, { value, maxValue })).toBe(want);
  });
});

describe("ticketPriceCents", () => {
  test.each([
    { case: "free", t: ticket("free", 0), sliding: undefined, want: 0 },
    { case: "fixed", t: ticket("fixed", 1500), sliding: undefined, want: 1500 },
    { case: "fixed ignores a sliding amount", t: ticket("fixed", 1500), sliding: 9999, want: 1500 },
    { case: "sliding uses the chosen amount", t: ticket("sliding", 500), sliding: 1200, want: 1200 },
    { case: "sliding defaults to its minimum", t: ticket("sliding", 500), sliding: undefined, want: 500 },
  ])("$case → $want", ({ t, sliding, want }) => {
    expect(ticketPriceCents(t, sliding)).toBe(want);
  });
});

describe("orderTotalCents (quantity, then one coupon on the order)", () => {
  test.each([
    {
      case: "one fixed ticket",
      t: ticket("fixed", 1500),
      quantity: 1,
      coupon: null,
      sliding: null,
      want: 1500,
    },
    { case: "three tickets", t: ticket("fixed", 1500), quantity: 3, coupon: null, sliding: null, want: 4500 },
    {
      case: "percent coupon on the order",
      t: ticket("fixed", 999),
      quantity: 3,
      coupon: percent(10),
      sliding: null,
      want: 2697,
    },
    {
      case: "amount coupon once per order",
      t: ticket("fixed", 1500),
      quantity: 2,
      coupon: amount(500),
      sliding: null,
      want: 2500,
    },
    {
      case: "sliding amount times quantity",
      t: ticket("sliding", 500),
      quantity: 2,
      coupon: null,
      sliding: 800,
      want: 1600,
    },
    {
      case: "free stays free",
      t: ticket("free", 0),
      quantity: 4,
      coupon: amount(100),
      sliding: null,
      want: 0,
    },
    {
      case: "quantity below one counts as one",
      t: ticket("fixed", 1500),
      quantity: 0,
      coupon: null,
      sliding: null,
      want: 1500,
    },
  ])("$case → $want", ({ t, quantity, coupon, sliding, want }) => {
    expect(orderTotalCents({ ticket: t, quantity, coupon, slidingAmountCents: sliding })).toBe(want);
  });
});

describe("formatMoney (amounts are cents)", () => {
  test.each([
    { case: "dollars", cents: 1999, currency: "USD", want: "$19.99" },
    { case: "zero", cents: 0, currency: "USD", want: "$0.00" },
    { case: "thousands", cents: 123456, currency: "USD", want: "$1,234.56" },
    { case: "euros", cents: 1250, currency: "EUR", want: "€12.50" },
    { case: "zero-decimal currency", cents: 1500, currency: "JPY", want: "¥1,500" },
  ])("$case → $want", ({ cents, currency, want }) => {
    expect(formatMoney(cents, currency)).toBe(want);
  });
});
