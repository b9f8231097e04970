import { describe, expect, test } from "vitest";
import { donationAmountRefusal, donationCents, roundedDonation } from "./donations";

describe("roundedDonation (spec 2 §5: numeric, two decimals)", () => {
  test.each([
    { amount: 5, want: 5 },
    { amount: "12.345", want: 12.35 },
    { amount: "12,5", want: 12.5 },
    { amount: " 7 ", want: 7 },
    { amount: 0.005, want: 0.01 },
    { amount: "", want: null },
    { amount: "ten", want: null },
    { amount: "1e400", want: null },
    { amount: Number.NaN, want: null },
    { amount: 1e-7, want: 1e-7 },
    { amount: 1e21, want: 1e21 },
  ])("$amount: $want", ({ amount, want }) => {
    expect(roundedDonation(amount)).toBe(want);
  });
});

describe("donationAmountRefusal", () => {
  test.each([
    { amount: 1, refusal: null },
    { amount: "25.50", refusal: null },
    { amount: 10_000, refusal: null },
    { amount: 0.99, refusal: "donation_amount_too_small" },
    { amount: 0.995, refusal: null },
    { amount: -5, refusal: "donation_amount_too_small" },
    { amount: 10_000.01, refusal: "donation_amount_too_large" },
    { amount: "abc", refusal: "donation_amount_invalid" },
    { amount: Number.POSITIVE_INFINITY, refusal: "donation_amount_invalid" },
    { amount: 1e-7, refusal: "donation_amount_too_small" },
    { amount: "1e21", refusal: "donation_amount_too_large" },
  ])("$amount: $refusal", ({ amount, refusal }) => {
    expect(donationAmountRefusal(amount)).toBe(refusal);
  });
});

describe("donationCents (spec 2 §5: times 100)", () => {
  test.each([
    { amount: 12.34, want: 1234 },
    { amount: 0.1 + 0.2, want: 30 },
    { amount: 19.999, want: 2000 },
    { amount: "1.005", want: 101 },
    { amount: "10000", want: 1_000_000 },
  ])("$amount: $want", ({ amount, want }) => {
    expect(donationCents(amount)).toBe(want);
  });
});
