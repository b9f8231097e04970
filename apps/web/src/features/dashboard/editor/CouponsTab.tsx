import { type DashCoupon, type DashEvent, formatMoney } from "@onstage/domain";
import { Badge } from "../../../ui/Badge";
import { formatInZone } from "../zonedTime";
import { CouponDialog } from "./CouponDialog";
import { EditableListTab } from "./EditableListTab";
import { couponApi } from "./editorApi";

function couponDetails(coupon: DashCoupon, event: DashEvent): string {
  const discount =
    coupon.couponType === "percent"
      ? `${coupon.value}% off`
      : `${formatMoney(coupon.value, event.eventTicketCurrency)} off`;
  const uses =
    coupon.maxRedemptions === null
      ? `${coupon.redemptionCount} redeemed`
      : `${coupon.redemptionCount} of ${coupon.maxRedemptions} redeemed`;
  const expiry = coupon.expiresAt
    ? `expires ${formatInZone(coupon.expiresAt, event.timezone)}`
    : "never expires";
  return `${discount} · ${uses} · ${expiry}`;
}

function CouponBadges({ coupon, now }: { coupon: DashCoupon; now: number }) {
  const isExpired = coupon.expiresAt !== null && Date.parse(coupon.expiresAt) <= now;
  const isUsedUp = coupon.maxRedemptions !== null && coupon.redemptionCount >= coupon.maxRedemptions;
  if (isExpired) return <Badge tone="warning">Expired</Badge>;
  if (isUsedUp) return <Badge tone="warning">Used up</Badge>;
  return <Badge tone="success">Active</Badge>;
}

export function CouponsTab({ event, coupons }: { event: DashEvent; coupons: DashCoupon[] }) {
  const now = Date.now();
  return (
    <EditableListTab
      eventId={event.id}
      items={coupons}
      title="Coupons"
      addLabel="Add coupon"
      emptyText="No coupons yet."
      row={(coupon) => ({
        name: coupon.name,
        details: couponDetails(coupon, event),
        badges: <CouponBadges coupon={coupon} now={now} />,
      })}
      renderDialog={(coupon, close) => (
        <CouponDialog
          eventId={event.id}
          currency={event.eventTicketCurrency}
          timezone={event.timezone}
          coupon={coupon}
          onClose={close}
        />
      )}
      remove={couponApi.remove}
      deleteLabel="Delete coupon"
      deleteDescription="The code stops working. Registrations that used it keep their discount."
      deletedText="Coupon deleted"
    />
  );
}
