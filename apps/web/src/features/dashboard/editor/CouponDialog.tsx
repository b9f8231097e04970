import {
  CouponName,
  type CouponType,
  couponValueRefusal,
  DASH_LIMITS,
  type DashCoupon,
  errorMessage,
  slidingAmountToCents,
} from "@onstage/domain";
import { useState } from "react";
import { TextField } from "../../../ui/TextField";
import { FormDialog } from "../form/FormDialog";
import { RadioGroup } from "../form/RadioGroup";
import { COUPON_TYPE_LABELS, optionsOf } from "../labels";
import { fromZonedInput, toZonedInput } from "../zonedTime";
import { centsToUnits } from "./detailsDraft";
import { couponApi } from "./editorApi";
import { usePartForm } from "./usePartForm";

export interface CouponDialogProps {
  eventId: number;
  currency: string;
  timezone: string;
  /** Null adds a new coupon. */
  coupon: DashCoupon | null;
  onClose: () => void;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; refusal: string };

/** Spec 1 §5 coupon maths: percent takes a whole percent; amount takes cents, typed in currency units. */
function discountValueOf(type: CouponType, text: string): Parsed<number> {
  const value = type === "percent" ? Number(text) : slidingAmountToCents(text);
  if (value === null || text.trim() === "" || !Number.isInteger(value)) {
    return { ok: false, refusal: errorMessage("invalid_coupon_value") };
  }
  const refusal = couponValueRefusal({ couponType: type, value });
  return refusal ? { ok: false, refusal: errorMessage(refusal) } : { ok: true, value };
}

function maxUsesOf(text: string): Parsed<number | null> {
  if (text.trim() === "") return { ok: true, value: null };
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= DASH_LIMITS.couponMaxRedemptions
    ? { ok: true, value: n }
    : { ok: false, refusal: "Maximum uses is a whole number of at least 1, or blank for unlimited" };
}

export function CouponDialog({ eventId, currency, timezone, coupon, onClose }: CouponDialogProps) {
  const [name, setName] = useState(coupon?.name ?? "");
  const [type, setType] = useState<CouponType>(coupon?.couponType ?? "percent");
  const [value, setValue] = useState(
    coupon ? (coupon.couponType === "percent" ? String(coupon.value) : centsToUnits(coupon.value)) : "",
  );
  const [maxUses, setMaxUses] = useState(coupon?.maxRedemptions ? String(coupon.maxRedemptions) : "");
  const [expires, setExpires] = useState(coupon?.expiresAt ? toZonedInput(coupon.expiresAt, timezone) : "");
  const { refuse, send, dialogProps } = usePartForm({
    eventId,
    save: (body: Parameters<typeof couponApi.create>[1]) =>
      coupon ? couponApi.update(coupon.id, body) : couponApi.create(eventId, body),
    savedText: coupon ? "Coupon saved" : "Coupon added",
    onClose,
  });
  const submit = () => {
    const code = CouponName.safeParse(name);
    if (!code.success) return refuse("The code uses letters, digits, '-' and '_' only");
    const parsedValue = discountValueOf(type, value);
    if (!parsedValue.ok) return refuse(parsedValue.refusal);
    const parsedMax = maxUsesOf(maxUses);
    if (!parsedMax.ok) return refuse(parsedMax.refusal);
    const expiresAt = expires === "" ? null : fromZonedInput(expires, timezone);
    if (expires !== "" && !expiresAt) return refuse("Please choose a valid expiry date and time");
    send({
      name: code.data,
      couponType: type,
      value: parsedValue.value,
      maxRedemptions: parsedMax.value,
      expiresAt,
    });
  };
  return (
    <FormDialog
      title={coupon ? "Edit coupon" : "Add coupon"}
      description="Visitors type the code when they choose a ticket."
      submitLabel="Save coupon"
      onSubmit={submit}
      {...dialogProps}
    >
      <TextField
        label="Coupon code"
        value={name}
        maxLength={DASH_LIMITS.couponNameMaxChars}
        hint="Letters, digits, '-' and '_'."
        data-autofocus
        onChange={(e) => setName(e.target.value)}
      />
      <RadioGroup
        legend="Discount type"
        value={type}
        options={optionsOf(COUPON_TYPE_LABELS)}
        onChange={setType}
      />
      <TextField
        label={type === "percent" ? "Percent off" : `Amount off (${currency})`}
        inputMode={type === "percent" ? "numeric" : "decimal"}
        hint={type === "percent" ? "1 to 100." : "Taken off the order total, never below zero."}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <div className="field-row">
        <TextField
          label="Maximum uses"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Blank for unlimited."
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
        />
        <TextField
          label="Expires"
          type="datetime-local"
          hint={`Blank for never. ${timezone}.`}
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
      </div>
    </FormDialog>
  );
}
