import { type DashCoupon, type DashEvent, formatMoney } from "@onstage/domain";
import { useState } from "react";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ConfirmDialog } from "../form/ConfirmDialog";
import { formatInZone } from "../zonedTime";
import { CouponDialog } from "./CouponDialog";
import { couponApi } from "./editorApi";
import { PartList, PartRow } from "./PartList";
import { useEventPartMutation } from "./useEventEditor";

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
  const [editing, setEditing] = useState<DashCoupon | "new" | null>(null);
  const [deleting, setDeleting] = useState<DashCoupon | null>(null);
  const remove = useEventPartMutation(event.id, couponApi.remove);
  const now = Date.now();
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Coupon deleted", { durationMs: DEFAULT_TOAST_MS });
        setDeleting(null);
      },
    });
  const dialogs = (
    <>
      {editing !== null && (
        <CouponDialog
          eventId={event.id}
          currency={event.eventTicketCurrency}
          timezone={event.timezone}
          coupon={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
          remove.reset();
        }}
        title="Delete coupon"
        description="The code stops working. Registrations that used it keep their discount."
        confirmLabel="Delete coupon"
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
      />
    </>
  );
  return (
    <PartList
      title="Coupons"
      addLabel="Add coupon"
      onAdd={() => setEditing("new")}
      isEmpty={coupons.length === 0}
      emptyText="No coupons yet."
      dialogs={dialogs}
    >
      {coupons.map((coupon) => (
        <PartRow
          key={coupon.id}
          name={coupon.name}
          details={couponDetails(coupon, event)}
          badges={<CouponBadges coupon={coupon} now={now} />}
          onEdit={() => setEditing(coupon)}
          onDelete={() => setDeleting(coupon)}
        />
      ))}
    </PartList>
  );
}
