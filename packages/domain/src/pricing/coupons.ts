// Spec 1 §5 promo codes: when a coupon may still be used.

export interface CouponUse {
  expiresAt: number | null;
  /** Null: no limit. */
  maxRedemptions: number | null;
  /** Registrations already made with the coupon. */
  redemptions: number;
}

/** Expired or used up reads as 'Sorry, that code is invalid.' (spec 1 §5), like an unknown code. */
export function couponRefusal(coupon: CouponUse, now: number): "invalid_coupon" | null {
  if (coupon.expiresAt !== null && now >= coupon.expiresAt) return "invalid_coupon";
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return "invalid_coupon";
  return null;
}
