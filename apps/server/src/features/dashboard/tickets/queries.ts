import type { DashTicket, TicketPriceType } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

interface TicketRow {
  id: number;
  title: string;
  description: string;
  price_type: TicketPriceType;
  price_cents: number;
  max_value_cents: number;
  registered_count: number;
}

const SELECT = `
  SELECT t.id, t.title, t.description, t.price_type, t.price_cents, t.max_value_cents,
         (SELECT count(*)::int FROM event_registrations r WHERE r.ticket_id = t.id) AS registered_count
    FROM event_tickets t`;

const toTicket = (r: TicketRow): DashTicket => ({
  id: r.id,
  title: r.title,
  description: r.description,
  price: { type: r.price_type, value: r.price_cents, maxValue: r.max_value_cents },
  registeredCount: r.registered_count,
});

/** In the order the event page shows them (docs/decisions.md: host order, then cheapest). */
export async function listTickets(db: Queryable, eventId: number): Promise<DashTicket[]> {
  const rows = await db.query<TicketRow>(
    `${SELECT} WHERE t.event_id = $1 AND t.deleted_at IS NULL ORDER BY t.sort_order, t.price_cents, t.id`,
    [eventId],
  );
  return rows.map(toTicket);
}

export async function findTicket(db: Queryable, ticketId: number): Promise<DashTicket | null> {
  const [row] = await db.query<TicketRow>(`${SELECT} WHERE t.id = $1 AND t.deleted_at IS NULL`, [ticketId]);
  return row ? toTicket(row) : null;
}

export interface TicketFields {
  title: string;
  description: string;
  price: { type: TicketPriceType; value: number; maxValue: number };
}

/** A new ticket goes after the event's others. */
export async function insertTicket(db: Queryable, eventId: number, t: TicketFields): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO event_tickets (event_id, title, description, price_type, price_cents, max_value_cents, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6,
             (SELECT coalesce(max(sort_order), -1) + 1 FROM event_tickets WHERE event_id = $1))
     RETURNING id`,
    [eventId, t.title, t.description, t.price.type, t.price.value, t.price.maxValue],
  );
  if (!row) throw new Error("ticket insert returned no row");
  return row.id;
}

export async function updateTicket(db: Queryable, ticketId: number, t: TicketFields): Promise<void> {
  await db.query(
    `UPDATE event_tickets SET title = $2, description = $3, price_type = $4, price_cents = $5, max_value_cents = $6
      WHERE id = $1`,
    [ticketId, t.title, t.description, t.price.type, t.price.value, t.price.maxValue],
  );
}

export async function softDeleteTicket(db: Queryable, ticketId: number): Promise<void> {
  await db.query("UPDATE event_tickets SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL", [
    ticketId,
  ]);
}
