import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { errorCode, newAttendee, registrationCount } from "../../testing/registration";
import { registrationService } from "./service";

const REGISTER = "/api/events/register";

describeOnEachDatabase("ticketed registration", (use) => {
  const app = useTestApp(use);
  const attendee = () => newAttendee(app().server, use());

  async function ticketedEvent() {
    const g = given(use());
    const channel = await g.channel();
    const event = await g.event(channel, { access: "ticketed" });
    return { g, channel, event, ticket: await g.ticket(event, { price_cents: 2500 }) };
  }

  test.each([
    { case: "no ticket", body: {}, status: 400, code: "ticket_required" },
    { case: "another event's ticket", body: { ticket_id: "other" }, status: 400, code: "invalid_ticket" },
    { case: "a deleted ticket", body: { ticket_id: "deleted" }, status: 400, code: "invalid_ticket" },
    {
      case: "a paid ticket without payment",
      body: { ticket_id: "paid" },
      status: 409,
      code: "payment_required",
    },
    {
      case: "someone else's checkout session",
      body: { ticket_id: "paid", stripe_checkout_session_id: "foreign" },
      status: 409,
      code: "payment_required",
    },
    {
      case: "an unknown checkout session",
      body: { ticket_id: "paid", stripe_checkout_session_id: "test_cs_unknown" },
      status: 409,
      code: "payment_required",
    },
    {
      case: "an amount coupon short of the price",
      body: { ticket_id: "paid", coupon_code: "small" },
      status: 409,
      code: "payment_required",
    },
    {
      case: "a sliding amount below the minimum",
      body: { ticket_id: "sliding", ticket_cost: 99 },
      status: 400,
      code: "below_minimum",
    },
    {
      case: "a sliding amount above the maximum",
      body: { ticket_id: "sliding", ticket_cost: 5001 },
      status: 400,
      code: "above_maximum",
    },
    {
      case: "a negative sliding amount",
      body: { ticket_id: "sliding", ticket_cost: -1 },
      status: 400,
      code: "invalid_request",
    },
  ])("$case → $status $code", async ({ body, status, code }) => {
    const db = use();
    const { g, channel, event, ticket } = await ticketedEvent();
    const otherEvent = await g.event(channel, { access: "ticketed" });
    const ids: Record<string, number> = {
      other: await g.ticket(otherEvent),
      deleted: await g.ticket(event, { deleted_at: new Date() }),
      paid: ticket,
      sliding: await g.ticket(event, { price_type: "sliding", price_cents: 100, max_value_cents: 5000 }),
    };
    const foreign = `test_cs_foreign${event}`;
    await g.paidTicket(event, await g.user(), ticket, { checkout_session_id: foreign });
    await g.coupon(event, { name: "SMALL", coupon_type: "amount", value: 500 });
    const { client } = await attendee();
    const resolved = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [
        k,
        k === "ticket_id"
          ? ids[v as string]
          : k === "stripe_checkout_session_id" && v === "foreign"
            ? foreign
            : v,
      ]),
    );
    const res = await client.post(REGISTER, { event_id: event, ...resolved });
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
    expect(await registrationCount(db, event)).toBe(0);
  });

  test("a paid checkout session registers with the ticket and the amount paid", async () => {
    const { g, event, ticket } = await ticketedEvent();
    const { userId, client } = await attendee();
    await g.paidTicket(event, userId, ticket, {
      checkout_session_id: `test_cs_mine${event}`,
      amount_cents: 2500,
    });
    const res = await client.post(REGISTER, {
      event_id: event,
      ticket_id: ticket,
      stripe_checkout_session_id: `test_cs_mine${event}`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().registration).toMatchObject({ ticketId: ticket, amountPaidCents: 2500 });
  });

  test("a coupon that covers the whole price and a free sliding amount register without payment", async () => {
    const { g, event, ticket } = await ticketedEvent();
    await g.coupon(event, { name: "FreeFriends", coupon_type: "percent", value: 100 });
    const sliding = await g.ticket(event, { price_type: "sliding", price_cents: 0, max_value_cents: 0 });
    const first = await attendee();
    const viaCoupon = await first.client.post(REGISTER, {
      event_id: event,
      ticket_id: ticket,
      coupon_code: "freefriends",
    });
    expect(viaCoupon.statusCode).toBe(201);
    expect(viaCoupon.json().registration).toMatchObject({ ticketId: ticket, amountPaidCents: 0 });
    const second = await attendee();
    const viaSliding = await second.client.post(REGISTER, {
      event_id: event,
      ticket_id: sliding,
      ticket_cost: 0,
    });
    expect(viaSliding.statusCode).toBe(201);
  });

  test("the payments webhook registers by transaction id, and a repeat or the browser's return adds nothing", async () => {
    const db = use();
    const { g, event, ticket } = await ticketedEvent();
    const { userId, client } = await attendee();
    const transactionId = await g.paidTicket(event, userId, ticket, {
      checkout_session_id: `test_cs_race${event}`,
    });
    const service = registrationService({
      db,
      tracker: app().tracker,
      clock: () => new Date(),
      realtime: app().realtime.realtime,
    });
    const input = { event_id: event, custom_registration_field_answers: [] };
    const [webhook, retried, browser] = await Promise.all([
      service.register(userId, input, { transactionId }),
      service.register(userId, input, { transactionId }),
      client.post(REGISTER, {
        event_id: event,
        ticket_id: ticket,
        stripe_checkout_session_id: `test_cs_race${event}`,
      }),
    ]);
    const ids = [webhook.registration.id, retried.registration.id, browser.json().registration.id];
    expect(new Set(ids).size).toBe(1);
    expect([webhook.created, retried.created, browser.statusCode === 201].filter(Boolean)).toHaveLength(1);
    expect(await registrationCount(db, event)).toBe(1);
    const [row] = await db.query(
      "SELECT transaction_id, stripe_checkout_session_id FROM event_registrations WHERE event_id = $1",
      [event],
    );
    expect(row).toEqual({
      transaction_id: transactionId,
      stripe_checkout_session_id: `test_cs_race${event}`,
    });
  });

  test("a seat held by someone else's checkout in progress is not given away", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { access: "ticketed", seat_limit: 1 });
    const free = await g.ticket(event, { price_type: "free", price_cents: 0 });
    const paid = await g.ticket(event);
    await g.paidTicket(event, await g.user(), paid, { status: "pending" });
    const { client } = await attendee();
    const res = await client.post(REGISTER, { event_id: event, ticket_id: free });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe("limit_reached");
  });

  test("a paid checkout registers without asking again for the password and answers it passed", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { access: "ticketed", password: "members" });
    await g.question(event, { is_required: true });
    const ticket = await g.ticket(event);
    const { userId } = await attendee();
    const transactionId = await g.paidTicket(event, userId, ticket);
    const service = registrationService({
      db,
      tracker: app().tracker,
      clock: () => new Date(),
      realtime: app().realtime.realtime,
    });
    const result = await service.register(
      userId,
      { event_id: event, custom_registration_field_answers: [] },
      { transactionId },
    );
    expect(result.created).toBe(true);
    expect(result.registration).toMatchObject({ ticketId: ticket, amountPaidCents: 1000 });
  });

  test("a ticket on an event that sells none is refused", async () => {
    const g = given(use());
    const channel = await g.channel();
    const event = await g.event(channel);
    const ticket = await g.ticket(event);
    const { client } = await attendee();
    const res = await client.post(REGISTER, { event_id: event, ticket_id: ticket });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe("invalid_ticket");
  });
});
