import {
  BadRequest,
  type CreateTicketInput,
  type DashTicketResponse,
  NotFound,
  ticketPriceRefusal,
  type UpdateTicketInput,
} from "@onstage/domain";
import type { FeatureDeps } from "../deps";
import { requireChildManager, requireEventManager } from "./access";
import * as q from "./tickets.queries";

function assertPrice(fields: q.TicketFields) {
  const refusal = ticketPriceRefusal(fields.price);
  if (refusal) throw BadRequest(refusal);
}

export function dashTicketsService({ db }: Pick<FeatureDeps, "db">) {
  async function answer(ticketId: number): Promise<DashTicketResponse> {
    const ticket = await q.findTicket(db, ticketId);
    if (!ticket) throw NotFound("ticket_not_found");
    return { ticket };
  }

  return {
    async create(userId: number, eventId: number, input: CreateTicketInput): Promise<DashTicketResponse> {
      await requireEventManager(db, userId, eventId);
      assertPrice(input);
      return answer(await q.insertTicket(db, eventId, input));
    },

    /** The merged ticket is checked as a whole, so a price type change cannot leave a stale maximum. */
    async update(userId: number, ticketId: number, input: UpdateTicketInput): Promise<DashTicketResponse> {
      await requireChildManager(db, userId, "event_tickets", ticketId, "ticket_not_found");
      const current = await q.findTicket(db, ticketId);
      if (!current) throw NotFound("ticket_not_found");
      const merged: q.TicketFields = {
        title: input.title ?? current.title,
        description: input.description ?? current.description,
        price: input.price ?? current.price,
      };
      assertPrice(merged);
      await q.updateTicket(db, ticketId, merged);
      return answer(ticketId);
    },

    async remove(userId: number, ticketId: number): Promise<void> {
      await requireChildManager(db, userId, "event_tickets", ticketId, "ticket_not_found");
      await q.softDeleteTicket(db, ticketId);
    },
  };
}

export type DashTicketsService = ReturnType<typeof dashTicketsService>;
