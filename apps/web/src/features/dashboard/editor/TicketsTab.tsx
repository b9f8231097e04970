import { type DashEvent, type DashTicket, formatMoney } from "@onstage/domain";
import { useState } from "react";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ConfirmDialog } from "../form/ConfirmDialog";
import { PRICE_TYPE_LABELS } from "../labels";
import { CurrencyForm } from "./CurrencyForm";
import { ticketApi } from "./editorApi";
import { PartList, PartRow } from "./PartList";
import { TicketDialog } from "./TicketDialog";
import { useEventPartMutation } from "./useEventEditor";

function priceText(ticket: DashTicket, currency: string): string {
  const { type, value, maxValue } = ticket.price;
  if (type === "free") return "Free";
  if (type === "fixed") return formatMoney(value, currency);
  // Spec 1 §3: a maxValue of 0 means no maximum.
  return maxValue === 0
    ? `${formatMoney(value, currency)} or more`
    : `${formatMoney(value, currency)} to ${formatMoney(maxValue, currency)}`;
}

export function TicketsTab({ event, tickets }: { event: DashEvent; tickets: DashTicket[] }) {
  const [editing, setEditing] = useState<DashTicket | "new" | null>(null);
  const [deleting, setDeleting] = useState<DashTicket | null>(null);
  const remove = useEventPartMutation(event.id, ticketApi.remove);
  const currency = event.eventTicketCurrency;
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Ticket deleted", { durationMs: DEFAULT_TOAST_MS });
        setDeleting(null);
      },
    });
  const intro = (
    <>
      <CurrencyForm key={currency} event={event} />
      {event.access !== "ticketed" && (
        <p className="part-list__note">Visitors see tickets when the access is set to Ticketed in Details.</p>
      )}
    </>
  );
  const dialogs = (
    <>
      {editing !== null && (
        <TicketDialog
          eventId={event.id}
          currency={currency}
          ticket={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
          remove.reset();
        }}
        title="Delete ticket"
        description="Nobody can choose this ticket any more. People who already hold it stay registered."
        confirmLabel="Delete ticket"
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
      />
    </>
  );
  return (
    <PartList
      title="Tickets"
      addLabel="Add ticket"
      onAdd={() => setEditing("new")}
      isEmpty={tickets.length === 0}
      emptyText="No tickets yet."
      intro={intro}
      dialogs={dialogs}
    >
      {tickets.map((ticket) => (
        <PartRow
          key={ticket.id}
          name={ticket.title}
          details={`${priceText(ticket, currency)} · ${ticket.registeredCount} registered`}
          badges={<Badge>{PRICE_TYPE_LABELS[ticket.price.type]}</Badge>}
          onEdit={() => setEditing(ticket)}
          onDelete={() => setDeleting(ticket)}
        />
      ))}
    </PartList>
  );
}
