import type { CouponType, DashCoupon } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";
import { iso, isUniqueViolation } from "../../../platform/database/rows";

interface CouponRow {
  id: number;
  name: string;
  coupon_type: CouponType;
  value: number;
  max_redemptions: number | null;
  expires_at: Date | null;
  redemption_count: number;
}

const SELECT = `
  SELECT c.id, c.name, c.coupon_type, c.value, c.max_redemptions, c.expires_at,
         (SELECT count(*)::int FROM event_registrations r WHERE r.coupon_id = c.id) AS redemption_count
    FROM coupons c`;

const toCoupon = (r: CouponRow): DashCoupon => ({
  id: r.id,
  name: r.name,
  couponType: r.coupon_type,
  value: r.value,
  maxRedemptions: r.max_redemptions,
  expiresAt: iso(r.expires_at),
  redemptionCount: r.redemption_count,
});

export async function listCoupons(db: Queryable, eventId: number): Promise<DashCoupon[]> {
  const rows = await db.query<CouponRow>(
    `${SELECT} WHERE c.event_id = $1 AND c.deleted_at IS NULL ORDER BY lower(c.name), c.id`,
    [eventId],
  );
  return rows.map(toCoupon);
}

export async function findCoupon(db: Queryable, couponId: number): Promise<DashCoupon | null> {
  const [row] = await db.query<CouponRow>(`${SELECT} WHERE c.id = $1 AND c.deleted_at IS NULL`, [couponId]);
  return row ? toCoupon(row) : null;
}

export interface CouponFields {
  name: string;
  couponType: CouponType;
  value: number;
  maxRedemptions: number | null;
  expiresAt: string | null;
}

/** Null when another live coupon of the event has the name in any letter case (the unique index). */
export async function insertCoupon(db: Queryable, eventId: number, c: CouponFields): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO coupons (event_id, name, coupon_type, value, max_redemptions, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (event_id, lower(name)) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
    [eventId, c.name, c.couponType, c.value, c.maxRedemptions, c.expiresAt ? new Date(c.expiresAt) : null],
  );
  return row?.id ?? null;
}

/** False when the new name is another live coupon's (the unique index decides, so races cannot slip by). */
export async function updateCoupon(db: Queryable, couponId: number, c: CouponFields): Promise<boolean> {
  try {
    await db.query(
      `UPDATE coupons SET name = $2, coupon_type = $3, value = $4, max_redemptions = $5, expires_at = $6
        WHERE id = $1`,
      [couponId, c.name, c.couponType, c.value, c.maxRedemptions, c.expiresAt ? new Date(c.expiresAt) : null],
    );
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function softDeleteCoupon(db: Queryable, couponId: number): Promise<void> {
  await db.query("UPDATE coupons SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL", [couponId]);
}
