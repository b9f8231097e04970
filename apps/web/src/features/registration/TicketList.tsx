import { type Ticket, ticketPriceLabel } from "@onstage/domain";
import { useId } from "react";

export interface TicketListProps {
  tickets: readonly Ticket[];
  currency: string;
  chosenId: number | null;
  onChoose: (ticketId: number) => void;
}

/**
 * Spec 1 §3 tickets: title, price ('Free', '$25.00', 'Pay what you want: …') and description. The
 * radio's name is the title and price; the description is its description.
 */
export function TicketList({ tickets, currency, chosenId, onChoose }: TicketListProps) {
  const name = useId();
  if (tickets.length === 0) {
    return <p className="registration__text">No tickets are on sale for this event yet.</p>;
  }
  return (
    <fieldset className="ticket-list">
      <legend className="field__label">Tickets</legend>
      {tickets.map((ticket) => {
        const inputId = `${name}-${ticket.id}`;
        const descriptionId = `${inputId}-description`;
        return (
          <div key={ticket.id} className="ticket-option">
            <input
              id={inputId}
              type="radio"
              name={name}
              value={ticket.id}
              checked={ticket.id === chosenId}
              aria-describedby={ticket.description ? descriptionId : undefined}
              onChange={() => onChoose(ticket.id)}
            />
            <div className="ticket-option__body">
              <label htmlFor={inputId} className="ticket-option__label">
                <span className="ticket-option__title">{ticket.title}</span>{" "}
                <span className="ticket-option__price">{ticketPriceLabel(ticket, currency)}</span>
              </label>
              {ticket.description && (
                <p id={descriptionId} className="ticket-option__description">
                  {ticket.description}
                </p>
              )}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
