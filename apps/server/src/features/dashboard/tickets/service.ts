import {
  BadRequest,
  type CreateTicketInput,
  type DashTicketResponse,
  NotFound,
  ticketPriceRefusal,
  type UpdateTicketInput,
} from "@onstage/domain";
import type { FeatureDeps } from "../../deps";
import { requireChildManager, requireEventManager } from "../access";
import { changeEvent } from "../event-updated";
import * as q from "./queries";

function assertPrice(fields: q.TicketFields) {
  const refusal = ticketPriceRefusal(fields.price);
  if (refusal) throw BadRequest(refusal);
}

export function dashTicketsService(deps: Pick<FeatureDeps, "db" | "realtime">) {
  const { db } = deps;
  async function answer(ticketId: number): Promise<DashTicketResponse> {
    const ticket = await q.findTicket(db, ticketId);
    if (!ticket) throw NotFound("ticket_not_found");
    return { ticket };
  }

  return {
    async create(userId: number, eventId: number, input: CreateTicketInput): Promise<DashTicketResponse> {
      await requireEventManager(db, userId, eventId);
      assertPrice(input);
      return answer(await changeEvent(deps, eventId, (tx) => q.insertTicket(tx, eventId, input)));
    },

    /** The merged ticket is checked as a whole, so a price type change cannot leave a stale maximum. */
    async update(userId: number, ticketId: number, input: UpdateTicketInput): Promise<DashTicketResponse> {
      const manager = await requireChildManager(db, userId, "event_tickets", ticketId, "ticket_not_found");
      const current = await q.findTicket(db, ticketId);
      if (!current) throw NotFound("ticket_not_found");
      const merged: q.TicketFields = {
        title: input.title ?? current.title,
        description: input.description ?? current.description,
        price: input.price ?? current.price,
      };
      assertPrice(merged);
      await changeEvent(deps, manager.id, (tx) => q.updateTicket(tx, ticketId, merged));
      return answer(ticketId);
    },

    async remove(userId: number, ticketId: number): Promise<void> {
      const manager = await requireChildManager(db, userId, "event_tickets", ticketId, "ticket_not_found");
      await changeEvent(deps, manager.id, (tx) => q.softDeleteTicket(tx, ticketId));
    },
  };
}

export type DashTicketsService = ReturnType<typeof dashTicketsService>;
