import type { Ticket } from "@onstage/domain";
import { TextField } from "../../ui/TextField";

export interface SlidingAmountFieldProps {
  ticket: Ticket;
  currency: string;
  value: string;
  error: string | null;
  onChange: (amountText: string) => void;
}

/** Cents to the input's two-decimal units, as `slidingAmountToCents` reads them back: 500 → "5.00". */
const toInputUnits = (cents: number) => (cents / 100).toFixed(2);

/**
 * Spec 1 §5: a sliding-price ticket needs an amount ('Please specify an amount'); the input's min is
 * the ticket's minimum and its max the maximum (maxValue 0: none), with two decimals.
 */
export function SlidingAmountField({ ticket, currency, value, error, onChange }: SlidingAmountFieldProps) {
  const { value: min, maxValue } = ticket.price;
  return (
    <TextField
      label={`Amount (${currency})`}
      type="number"
      inputMode="decimal"
      min={toInputUnits(min)}
      max={maxValue > 0 ? toInputUnits(maxValue) : undefined}
      step="0.01"
      value={value}
      error={error}
      aria-required
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
