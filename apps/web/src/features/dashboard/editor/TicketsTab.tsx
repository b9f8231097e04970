import { type DashEvent, type DashTicket, formatMoney } from "@onstage/domain";
import { Badge } from "../../../ui/Badge";
import { PRICE_TYPE_LABELS } from "../labels";
import { CurrencyForm } from "./CurrencyForm";
import { EditableListTab } from "./EditableListTab";
import { ticketApi } from "./editorApi";
import { TicketDialog } from "./TicketDialog";

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
  const currency = event.eventTicketCurrency;
  const intro = (
    <>
      <CurrencyForm key={currency} event={event} />
      {event.access !== "ticketed" && (
        <p className="part-list__note">Visitors see tickets when the access is set to Ticketed in Details.</p>
      )}
    </>
  );
  return (
    <EditableListTab
      eventId={event.id}
      items={tickets}
      title="Tickets"
      addLabel="Add ticket"
      emptyText="No tickets yet."
      intro={intro}
      row={(ticket) => ({
        name: ticket.title,
        details: `${priceText(ticket, currency)} · ${ticket.registeredCount} registered`,
        badges: <Badge>{PRICE_TYPE_LABELS[ticket.price.type]}</Badge>,
      })}
      renderDialog={(ticket, close) => (
        <TicketDialog eventId={event.id} currency={currency} ticket={ticket} onClose={close} />
      )}
      remove={ticketApi.remove}
      deleteLabel="Delete ticket"
      deleteDescription="Nobody can choose this ticket any more. People who already hold it stay registered."
      deletedText="Ticket deleted"
    />
  );
}
