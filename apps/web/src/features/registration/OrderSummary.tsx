import { type AppliedCoupon, formatMoney } from "@onstage/domain";
import type { OrderTotals } from "./order";

export interface OrderSummaryProps {
  totals: OrderTotals;
  coupon: AppliedCoupon | null;
  currency: string;
}

/** The order's price with the coupon applied (spec 1 §5 coupon maths, via `orderTotalCents`). */
export function OrderSummary({ totals, coupon, currency }: OrderSummaryProps) {
  const discount = totals.subtotalCents - totals.totalCents;
  const couponText = coupon?.coupon_type === "percent" ? `${coupon.value}% off` : "Discount";
  return (
    <dl className="order-summary" aria-label="Order summary">
      {coupon && (
        <>
          <div className="order-summary__row">
            <dt>Subtotal</dt>
            <dd>{formatMoney(totals.subtotalCents, currency)}</dd>
          </div>
          <div className="order-summary__row">
            <dt>
              {couponText} ({coupon.name})
            </dt>
            <dd>−{formatMoney(discount, currency)}</dd>
          </div>
        </>
      )}
      <div className="order-summary__row order-summary__row--total">
        <dt>Total</dt>
        <dd>{formatMoney(totals.totalCents, currency)}</dd>
      </div>
    </dl>
  );
}
