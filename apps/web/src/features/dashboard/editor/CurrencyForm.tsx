import type { DashEvent } from "@onstage/domain";
import { type FormEvent, useMemo, useState } from "react";
import { failureText } from "../../../api";
import { currencyOptions } from "../../../lib/currencies";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { SelectField } from "../form/SelectField";
import { useUpdateEvent } from "./useEventEditor";

/** Spec 1 §3 event_ticket_currency: one currency for every ticket of the event. */
export function CurrencyForm({ event }: { event: DashEvent }) {
  const update = useUpdateEvent(event.id);
  const [currency, setCurrency] = useState(event.eventTicketCurrency);
  const options = useMemo(currencyOptions, []);
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    update.mutate(
      { eventTicketCurrency: currency },
      { onSuccess: () => toast.success("Currency saved", { durationMs: DEFAULT_TOAST_MS }) },
    );
  };
  return (
    <form className="currency-form" onSubmit={submit} noValidate>
      <SelectField
        label="Ticket currency"
        value={currency}
        options={options}
        onChange={(e) => {
          setCurrency(e.target.value);
          update.reset();
        }}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={update.isPending || currency === event.eventTicketCurrency}
      >
        Save currency
      </Button>
      <FormError message={update.error ? failureText(update.error) : null} />
    </form>
  );
}
