import { type Ticket, ticketPriceLabel } from "@onstage/domain";
import { LandingSection } from "./LandingSection";
import "./SidebarSections.css";

/** Issue 10 §2.5: a visitor sees what the tickets are and cost before giving an e-mail. */
export function TicketsSection({ tickets, currency }: { tickets: readonly Ticket[]; currency: string }) {
  return (
    <LandingSection title="Tickets">
      <ul className="ticket-summary">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="ticket-summary__item">
            <span className="ticket-summary__title">{ticket.title}</span>{" "}
            <span className="ticket-summary__price">{ticketPriceLabel(ticket, currency)}</span>
            {ticket.description && <p className="ticket-summary__description">{ticket.description}</p>}
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
