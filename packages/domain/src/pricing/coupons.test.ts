import { expect, test } from "vitest";
import { couponRefusal } from "./coupons";

const NOW = Date.UTC(2025, 0, 1);

test.each([
  { case: "no limits", expiresAt: null, maxRedemptions: null, redemptions: 500, want: null },
  { case: "uses left", expiresAt: null, maxRedemptions: 10, redemptions: 9, want: null },
  { case: "used up", expiresAt: null, maxRedemptions: 10, redemptions: 10, want: "invalid_coupon" },
  { case: "not yet expired", expiresAt: NOW + 1, maxRedemptions: null, redemptions: 0, want: null },
  { case: "expires now", expiresAt: NOW, maxRedemptions: null, redemptions: 0, want: "invalid_coupon" },
  { case: "expired", expiresAt: NOW - 1, maxRedemptions: 10, redemptions: 0, want: "invalid_coupon" },
])("$case → $want", ({ expiresAt, maxRedemptions, redemptions, want }) => {
  expect(couponRefusal({ expiresAt, maxRedemptions, redemptions }, NOW)).toBe(want);
});
