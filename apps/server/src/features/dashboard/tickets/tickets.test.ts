import type { DashEventResponse, DashTicketResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { dashWorld } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";

const ticket = (price: Record<string, unknown>, fields: Record<string, unknown> = {}) => ({
  title: "General admission",
  description: "Entry",
  price,
  ...fields,
});

describeOnEachDatabase("dashboard tickets", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());
  const ticketCount = async (eventId: number) =>
    (
      await use().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM event_tickets WHERE event_id = $1 AND deleted_at IS NULL",
        [eventId],
      )
    )[0]?.n;

  test.each([
    { case: "free", price: { type: "free", value: 0, maxValue: 0 } },
    { case: "fixed", price: { type: "fixed", value: 1500, maxValue: 0 } },
    { case: "sliding without maximum", price: { type: "sliding", value: 0, maxValue: 0 } },
    { case: "sliding with maximum", price: { type: "sliding", value: 500, maxValue: 10_000_000 } },
  ])("a $case ticket is created", async ({ price }) => {
    const w = await world();
    const res = await (await w.as("host")).post(`/api/dash/events/${w.event}/tickets`, ticket(price));
    expect(res.statusCode).toBe(201);
    expect((res.json() as DashTicketResponse).ticket).toMatchObject({ title: "General admission", price });
  });

  test.each([
    {
      case: "free with a price",
      price: { type: "free", value: 100, maxValue: 0 },
      code: "invalid_ticket_price",
    },
    { case: "fixed at 0", price: { type: "fixed", value: 0, maxValue: 0 }, code: "invalid_ticket_price" },
    {
      case: "fixed with a maximum",
      price: { type: "fixed", value: 10, maxValue: 20 },
      code: "invalid_ticket_price",
    },
    {
      case: "sliding max below min",
      price: { type: "sliding", value: 500, maxValue: 100 },
      code: "invalid_ticket_price",
    },
    { case: "a negative price", price: { type: "fixed", value: -100, maxValue: 0 }, code: "invalid_request" },
    {
      case: "a huge price",
      price: { type: "fixed", value: 10_000_001, maxValue: 0 },
      code: "invalid_request",
    },
    {
      case: "a fractional price",
      price: { type: "fixed", value: 9.99, maxValue: 0 },
      code: "invalid_request",
    },
    { case: "a price as text", price: { type: "fixed", value: "10", maxValue: 0 }, code: "invalid_request" },
    { case: "an unknown type", price: { type: "auction", value: 10, maxValue: 0 }, code: "invalid_request" },
  ])("a ticket $case is refused ($code)", async ({ price, code }) => {
    const w = await world();
    const res = await (await w.as("owner")).post(`/api/dash/events/${w.event}/tickets`, ticket(price));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(await ticketCount(w.event)).toBe(0);
  });

  test("ticket refusals: signed out, outsiders, unknown event, over-long title", async () => {
    const w = await world();
    const free = { type: "free", value: 0, maxValue: 0 };
    expect((await w.anonymous().post(`/api/dash/events/${w.event}/tickets`, ticket(free))).statusCode).toBe(
      401,
    );
    for (const who of ["guest", "moderator", "stranger", "otherChannel"] as const) {
      expect(
        (await (await w.as(who)).post(`/api/dash/events/${w.event}/tickets`, ticket(free))).statusCode,
      ).toBe(403);
    }
    const owner = await w.as("owner");
    expect((await owner.post("/api/dash/events/99999999/tickets", ticket(free))).statusCode).toBe(404);
    expect(
      (await owner.post(`/api/dash/events/${w.event}/tickets`, ticket(free, { title: "t".repeat(201) })))
        .statusCode,
    ).toBe(400);
    expect(await ticketCount(w.event)).toBe(0);
  });

  test("editing checks the merged price; another event's manager cannot touch it; delete is soft", async () => {
    const w = await world();
    const host = await w.as("host");
    const created = (
      await host.post(
        `/api/dash/events/${w.event}/tickets`,
        ticket({ type: "sliding", value: 500, maxValue: 1000 }),
      )
    ).json() as DashTicketResponse;
    const url = `/api/dash/tickets/${created.ticket.id}`;
    const bad = await host.patch(url, { price: { type: "sliding", value: 2000, maxValue: 1000 } });
    expect(bad.statusCode).toBe(400);
    const ok = await host.patch(url, { title: "VIP", price: { type: "fixed", value: 2500 } });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as DashTicketResponse).ticket).toMatchObject({
      title: "VIP",
      price: { type: "fixed", value: 2500, maxValue: 0 },
    });
    expect((await (await w.as("otherChannel")).patch(url, { title: "Mine" })).statusCode).toBe(403);
    expect((await (await w.as("guest")).request("DELETE", url)).statusCode).toBe(403);
    expect((await host.patch("/api/dash/tickets/99999999", { title: "x" })).statusCode).toBe(404);
    expect((await host.request("DELETE", url)).statusCode).toBe(204);
    expect((await host.patch(url, { title: "Back" })).statusCode).toBe(404);
    const view = (await host.get(`/api/dash/events/${w.event}`)).json() as DashEventResponse;
    expect(view.tickets).toEqual([]);
  });
});
