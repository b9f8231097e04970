import { expect, test } from "vitest";
import { transactionStatusAfter } from "./rules";

test.each([
  { case: "pending, paid", current: "pending", outcome: "paid", want: "paid" },
  {
    case: "pending, refunded (refund before completion)",
    current: "pending",
    outcome: "refunded",
    want: "refunded",
  },
  { case: "pending, expired", current: "pending", outcome: "expired", want: "expired" },
  { case: "pending, failed", current: "pending", outcome: "failed", want: "failed" },
  { case: "paid, paid again (duplicate)", current: "paid", outcome: "paid", want: null },
  { case: "paid, refunded", current: "paid", outcome: "refunded", want: "refunded" },
  { case: "paid, expired late", current: "paid", outcome: "expired", want: null },
  { case: "paid, failed late", current: "paid", outcome: "failed", want: null },
  { case: "refunded, paid late", current: "refunded", outcome: "paid", want: null },
  { case: "refunded, expired", current: "refunded", outcome: "expired", want: null },
  { case: "expired, paid", current: "expired", outcome: "paid", want: "paid" },
  { case: "expired, refunded", current: "expired", outcome: "refunded", want: "refunded" },
  { case: "failed, paid", current: "failed", outcome: "paid", want: "paid" },
  { case: "failed, expired", current: "failed", outcome: "expired", want: null },
] as const)("$case → $want", ({ current, outcome, want }) => {
  expect(transactionStatusAfter(current, outcome)).toBe(want);
});
