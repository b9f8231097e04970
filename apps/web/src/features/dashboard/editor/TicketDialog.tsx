import {
  DASH_LIMITS,
  type DashTicket,
  errorMessage,
  slidingAmountToCents,
  type TicketPriceType,
  ticketPriceRefusal,
} from "@onstage/domain";
import { useState } from "react";
import { TextAreaField } from "../../../ui/TextAreaField";
import { TextField } from "../../../ui/TextField";
import { FormDialog } from "../form/FormDialog";
import { RadioGroup } from "../form/RadioGroup";
import { optionsOf, PRICE_TYPE_LABELS } from "../labels";
import { centsToUnits } from "./detailsDraft";
import { ticketApi } from "./editorApi";
import { usePartForm } from "./usePartForm";

export interface TicketDialogProps {
  eventId: number;
  currency: string;
  /** Null adds a new ticket. */
  ticket: DashTicket | null;
  onClose: () => void;
}

const unitsOf = (cents: number | undefined) => (cents ? centsToUnits(cents) : "");

/**
 * Spec 1 §3, §5: free, fixed or sliding. Amounts are typed in currency units and converted to cents with
 * the same rule the buyer's sliding amount uses; a sliding maximum of 0 (or blank) means no maximum.
 */
function priceOf(type: TicketPriceType, price: string, max: string) {
  if (type === "free") return { type, value: 0, maxValue: 0 };
  const value = slidingAmountToCents(price);
  const maxValue = type === "sliding" && max.trim() !== "" ? slidingAmountToCents(max) : 0;
  if (value === null || maxValue === null) return null;
  return { type, value, maxValue };
}

export function TicketDialog({ eventId, currency, ticket, onClose }: TicketDialogProps) {
  const [title, setTitle] = useState(ticket?.title ?? "");
  const [description, setDescription] = useState(ticket?.description ?? "");
  const [type, setType] = useState<TicketPriceType>(ticket?.price.type ?? "fixed");
  const [price, setPrice] = useState(unitsOf(ticket?.price.value));
  const [max, setMax] = useState(unitsOf(ticket?.price.maxValue));
  const { refuse, send, dialogProps } = usePartForm({
    eventId,
    save: (body: Parameters<typeof ticketApi.create>[1]) =>
      ticket ? ticketApi.update(ticket.id, body) : ticketApi.create(eventId, body),
    savedText: ticket ? "Ticket saved" : "Ticket added",
    onClose,
  });
  const submit = () => {
    if (title.trim() === "") return refuse("Please enter a ticket title");
    const priced = priceOf(type, price, max);
    if (!priced) return refuse("Please enter amounts such as 10 or 12.50");
    const priceRefusal = ticketPriceRefusal(priced);
    if (priceRefusal) return refuse(errorMessage(priceRefusal));
    send({ title: title.trim(), description, price: priced });
  };
  return (
    <FormDialog
      title={ticket ? "Edit ticket" : "Add ticket"}
      description={`Prices are in ${currency}.`}
      submitLabel="Save ticket"
      onSubmit={submit}
      {...dialogProps}
    >
      <TextField
        label="Ticket title"
        value={title}
        maxLength={DASH_LIMITS.ticketTitleMaxChars}
        data-autofocus
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        label="Ticket description"
        value={description}
        maxLength={DASH_LIMITS.ticketDescriptionMaxChars}
        onChange={(e) => setDescription(e.target.value)}
      />
      <RadioGroup
        legend="Price type"
        value={type}
        options={optionsOf(PRICE_TYPE_LABELS)}
        onChange={setType}
      />
      {type !== "free" && (
        <div className="field-row">
          <TextField
            label={type === "sliding" ? `Minimum price (${currency})` : `Price (${currency})`}
            inputMode="decimal"
            hint={type === "sliding" ? "Buyers pay at least this; 0 allows free." : undefined}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          {type === "sliding" && (
            <TextField
              label={`Maximum price (${currency})`}
              inputMode="decimal"
              hint="Blank or 0 means no maximum."
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          )}
        </div>
      )}
    </FormDialog>
  );
}
