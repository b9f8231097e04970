import {
  BadRequest,
  Conflict,
  type CreateCouponRequest,
  couponValueRefusal,
  type DashCouponResponse,
  NotFound,
  type UpdateCouponRequest,
} from "@onstage/domain";
import type { FeatureDeps } from "../../deps";
import { requireChildManager, requireEventManager } from "../access";
import * as q from "./queries";

function assertValue(fields: q.CouponFields) {
  const refusal = couponValueRefusal(fields);
  if (refusal) throw BadRequest(refusal);
}

export function dashCouponsService({ db }: Pick<FeatureDeps, "db">) {
  async function answer(couponId: number): Promise<DashCouponResponse> {
    const coupon = await q.findCoupon(db, couponId);
    if (!coupon) throw NotFound("coupon_not_found");
    return { coupon };
  }

  return {
    async create(userId: number, eventId: number, input: CreateCouponRequest): Promise<DashCouponResponse> {
      await requireEventManager(db, userId, eventId);
      const fields: q.CouponFields = {
        name: input.name,
        couponType: input.couponType,
        value: input.value,
        maxRedemptions: input.maxRedemptions ?? null,
        expiresAt: input.expiresAt ?? null,
      };
      assertValue(fields);
      const id = await q.insertCoupon(db, eventId, fields);
      if (id === null) throw Conflict("coupon_name_taken");
      return answer(id);
    },

    async update(userId: number, couponId: number, input: UpdateCouponRequest): Promise<DashCouponResponse> {
      await requireChildManager(db, userId, "coupons", couponId, "coupon_not_found");
      const current = await q.findCoupon(db, couponId);
      if (!current) throw NotFound("coupon_not_found");
      const merged: q.CouponFields = {
        name: input.name ?? current.name,
        couponType: input.couponType ?? current.couponType,
        value: input.value ?? current.value,
        maxRedemptions: input.maxRedemptions !== undefined ? input.maxRedemptions : current.maxRedemptions,
        expiresAt: input.expiresAt !== undefined ? input.expiresAt : current.expiresAt,
      };
      assertValue(merged);
      if (!(await q.updateCoupon(db, couponId, merged))) throw Conflict("coupon_name_taken");
      return answer(couponId);
    },

    async remove(userId: number, couponId: number): Promise<void> {
      await requireChildManager(db, userId, "coupons", couponId, "coupon_not_found");
      await q.softDeleteCoupon(db, couponId);
    },
  };
}

export type DashCouponsService = ReturnType<typeof dashCouponsService>;
