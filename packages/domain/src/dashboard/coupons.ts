import { z } from "zod";
import { CouponType } from "../vocabulary";
import { IdParam, IsoTime } from "./fields";
import { DASH_LIMITS as L } from "./limits";

// An event's coupons on the dashboard (issue 5 §1):
//   POST   /api/dash/events/:eventId/coupons  CreateCouponRequest  → 201 DashCouponResponse (409 coupon_name_taken)
//   PATCH  /api/dash/coupons/:couponId        UpdateCouponRequest  → DashCouponResponse
//   DELETE /api/dash/coupons/:couponId                             → 204

export const CouponIdParams = z.object({ couponId: IdParam });

export const DashCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  couponType: CouponType,
  /** Whole percent (1-100) or cents. */
  value: z.number().int().positive(),
  maxRedemptions: z.number().int().positive().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** Registrations that used it. */
  redemptionCount: z.number().int().nonnegative(),
});
export type DashCoupon = z.infer<typeof DashCoupon>;

/** Letters, digits, '-' and '_': a code people type and that travels in ?couponName=. */
export const CouponName = z
  .string()
  .trim()
  .min(1)
  .max(L.couponNameMaxChars)
  .regex(/^[A-Za-z0-9_-]+$/, "use letters, digits, '-' and '_' only");

export const CreateCouponRequest = z
  .object({
    name: CouponName,
    couponType: CouponType,
    /** Percent: 1-100; amount: cents, at least 1. */
    value: z.number().int().min(1).max(L.amountMaxCents),
    maxRedemptions: z.number().int().min(1).max(L.couponMaxRedemptions).nullable().optional(),
    expiresAt: IsoTime.nullable().optional(),
  })
  .strict();
export type CreateCouponRequest = z.infer<typeof CreateCouponRequest>;

export const UpdateCouponRequest = z
  .object({
    name: CouponName.optional(),
    couponType: CouponType.optional(),
    value: z.number().int().min(1).max(L.amountMaxCents).optional(),
    maxRedemptions: z.number().int().min(1).max(L.couponMaxRedemptions).nullable().optional(),
    expiresAt: IsoTime.nullable().optional(),
  })
  .strict();
export type UpdateCouponRequest = z.infer<typeof UpdateCouponRequest>;

export const DashCouponResponse = z.object({ coupon: DashCoupon });
export type DashCouponResponse = z.infer<typeof DashCouponResponse>;
