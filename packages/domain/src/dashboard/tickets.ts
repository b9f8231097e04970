import { z } from "zod";
import { Ticket } from "../event-page/schemas";
import { TicketPriceType } from "../vocabulary";
import { Cents, IdParam, Required, Text } from "./fields";
import { DASH_LIMITS as L } from "./limits";

// An event's tickets on the dashboard (issue 5 §1):
//   POST   /api/dash/events/:eventId/tickets  CreateTicketRequest  → 201 DashTicketResponse (400 invalid_ticket_price)
//   PATCH  /api/dash/tickets/:ticketId        UpdateTicketRequest  → DashTicketResponse
//   DELETE /api/dash/tickets/:ticketId                             → 204

export const TicketIdParams = z.object({ ticketId: IdParam });

export const DashTicket = Ticket.extend({
  /** Registrations holding this ticket. */
  registeredCount: z.number().int().nonnegative(),
});
export type DashTicket = z.infer<typeof DashTicket>;

export const TicketPriceInput = z
  .object({
    type: TicketPriceType,
    value: Cents,
    /** Sliding only: 0 means no maximum; else at least `value`. */
    maxValue: Cents.default(0),
  })
  .strict();
export type TicketPriceInput = z.input<typeof TicketPriceInput>;

export const CreateTicketRequest = z
  .object({
    title: Required(L.ticketTitleMaxChars),
    description: Text(L.ticketDescriptionMaxChars).default(""),
    price: TicketPriceInput,
  })
  .strict();
export type CreateTicketRequest = z.input<typeof CreateTicketRequest>;
export type CreateTicketInput = z.output<typeof CreateTicketRequest>;

export const UpdateTicketRequest = z
  .object({
    title: Required(L.ticketTitleMaxChars).optional(),
    description: Text(L.ticketDescriptionMaxChars).optional(),
    price: TicketPriceInput.optional(),
  })
  .strict();
export type UpdateTicketRequest = z.input<typeof UpdateTicketRequest>;
export type UpdateTicketInput = z.output<typeof UpdateTicketRequest>;

export const DashTicketResponse = z.object({ ticket: DashTicket });
export type DashTicketResponse = z.infer<typeof DashTicketResponse>;
