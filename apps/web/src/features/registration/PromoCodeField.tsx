import { type AppliedCoupon, errorMessage } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { applyCouponCode } from "./registrationApi";
import { useOnce } from "./useFlowEffects";

export interface PromoCodeFieldProps {
  eventId: number;
  code: string;
  coupon: AppliedCoupon | null;
  onCodeChange: (code: string) => void;
  onApplied: (coupon: AppliedCoupon | null) => void;
}

/** Spec 1 §5: an invalid code shows the server's message or 'Sorry, that code is invalid.'. */
const refusalText = (error: Error | null) =>
  error === null ? null : error instanceof ApiError ? error.message : errorMessage("invalid_coupon");

/** Spec 1 §7 `POST /api/coupons/apply`: the promo code of the ticket options. */
export function PromoCodeField({ eventId, code, coupon, onCodeChange, onApplied }: PromoCodeFieldProps) {
  const apply = useMutation({
    mutationFn: (couponCode: string) => applyCouponCode({ coupon_code: couponCode, event_id: eventId }),
    onSuccess: (answer) => onApplied(answer.coupon),
  });
  const trimmed = code.trim();
  // A code arriving in the address (?coupon=…) is applied once without a click.
  const [initialCode] = useState(trimmed);
  useOnce(initialCode !== "" && coupon === null, () => apply.mutate(initialCode));
  if (coupon) {
    return (
      <div className="promo promo--applied">
        <p className="promo__applied" role="status">
          Code {coupon.name} applied
        </p>
        <Button variant="ghost" size="sm" onClick={() => onApplied(null)}>
          Remove code
        </Button>
      </div>
    );
  }
  const applyButton = (
    <Button
      variant="secondary"
      disabled={trimmed === "" || apply.isPending}
      onClick={() => apply.mutate(trimmed)}
    >
      Apply
    </Button>
  );
  return (
    <TextField
      className="promo"
      label="Promo code"
      autoComplete="off"
      value={code}
      error={refusalText(apply.error)}
      trailing={applyButton}
      onChange={(event) => {
        onCodeChange(event.target.value);
        apply.reset();
      }}
      onKeyDown={(event) => {
        // Enter applies the code rather than submitting the whole order.
        if (event.key !== "Enter") return;
        event.preventDefault();
        if (trimmed !== "") apply.mutate(trimmed);
      }}
    />
  );
}
