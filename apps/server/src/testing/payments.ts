import type { FastifyInstance } from "fastify";
import type { Database } from "../platform/database";
import { signedIn } from "./app";
import { TestClient } from "./client";
import { given } from "./given";

// Shared set-up of the payments suites.

export async function clientFor(server: FastifyInstance, db: Database, userId: number): Promise<TestClient> {
  const client = new TestClient(server);
  const { cookie } = await signedIn(db, userId);
  const [name = "", value = ""] = cookie.split("=");
  client.setCookie(name, value);
  return client;
}

/** A ticketed event of a new channel with one fixed-price ticket ($25.00 unless told). */
export async function ticketedEvent(
  db: Database,
  fields: Record<string, unknown> = {},
  ticket: Record<string, unknown> = {},
) {
  const g = given(db);
  const organizationId = await g.channel();
  const eventId = await g.event(organizationId, { access: "ticketed", ...fields });
  await g.session(eventId);
  const ticketId = await g.ticket(eventId, { price_cents: 2500, ...ticket });
  const [row] = await db.query<{ event_code: string }>("SELECT event_code FROM events WHERE id = $1", [
    eventId,
  ]);
  return { organizationId, eventId, ticketId, eventCode: row?.event_code ?? "" };
}

export async function registrations(db: Database, eventId: number) {
  return db.query<{
    user_id: number;
    amount_paid_cents: number;
    coupon_id: number | null;
    transaction_id: number | null;
  }>(
    "SELECT user_id, amount_paid_cents, coupon_id, transaction_id FROM event_registrations WHERE event_id = $1",
    [eventId],
  );
}

export async function transactionsOf(db: Database, eventId: number) {
  return db.query<{ id: number; status: string; amount_cents: number; checkout_session_id: string | null }>(
    "SELECT id, status, amount_cents, checkout_session_id FROM transactions WHERE event_id = $1 ORDER BY id",
    [eventId],
  );
}

export const errorCode = (res: { json: () => unknown }) =>
  (res.json() as { error?: { code?: string } }).error?.code;

/** Polls until `check` holds (work the server does after answering, such as webhook processing). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
