import { expect, test } from "vitest";
import type { Database } from "../../platform/database";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientFor, errorCode, registrations, ticketedEvent, transactionsOf } from "../../testing/payments";

const CREATE = "/api/payments/create-checkout-session";

describeOnEachDatabase("checkout refusals", (use) => {
  const app = useTestApp(use);

  test("bad input gets a clear error and changes nothing", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(db);
    const other = await ticketedEvent(db);
    await g.coupon(other.eventId, { name: "ELSEWHERE" });
    const otherQuestion = await g.question(other.eventId);
    await g.question(eventId, { is_required: true });
    const client = await clientFor(app().server, db, await g.user());
    const base = { event_id: eventId, ticket_id: ticketId };

    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, quantity: 0 }, 400, "invalid_request"],
      [{ ...base, quantity: 11 }, 400, "invalid_request"],
      [{ ...base, quantity: 1.5 }, 400, "invalid_request"],
      [{ ...base, ticket_cost: -100 }, 400, "invalid_request"],
      [{ ...base, ticket_cost: 1e12 }, 400, "invalid_request"],
      [{ ...base, event_id: "1" }, 400, "invalid_request"],
      [{ ...base, user_id: 1 }, 400, "invalid_request"],
      [{ event_id: eventId, ticket_id: other.ticketId }, 400, "invalid_ticket"],
      [{ ...base, coupon: "ELSEWHERE", custom_registration_field_answers: [] }, 400, "required_questions"],
      [
        { ...base, custom_registration_field_answers: [{ field_id: otherQuestion, answer: "x" }] },
        400,
        "unknown_question",
      ],
      [{ event_id: 999_999_999, ticket_id: ticketId }, 404, "event_not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await client.post(CREATE, body);
      expect({ body, status: res.statusCode, code: errorCode(res) }).toEqual({ body, status, code });
    }
    expect(await transactionsOf(db, eventId)).toHaveLength(0);
    expect(await registrations(db, eventId)).toHaveLength(0);
  });

  test("another event's coupon is invalid; a fixed ticket ignores the client's ticket_cost", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(db);
    const other = await ticketedEvent(db);
    await g.coupon(other.eventId, { name: "ELSEWHERE" });
    const client = await clientFor(app().server, db, await g.user());
    const res = await client.post(CREATE, { event_id: eventId, ticket_id: ticketId, coupon: "ELSEWHERE" });
    expect([res.statusCode, errorCode(res)]).toEqual([400, "invalid_coupon"]);
    expect(res.json().error.message).toBe("Sorry, that code is invalid.");

    const cheap = await client.post(CREATE, { event_id: eventId, ticket_id: ticketId, ticket_cost: 1 });
    expect(cheap.statusCode).toBe(200);
    expect(await transactionsOf(db, eventId)).toMatchObject([{ amount_cents: 2500 }]);
  });

  test("a sliding ticket takes the buyer's amount within its bounds", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(
      db,
      {},
      { price_type: "sliding", price_cents: 500, max_value_cents: 5000 },
    );
    const free = await g.ticket(eventId, {
      title: "Pay what you can",
      price_type: "sliding",
      price_cents: 0,
      max_value_cents: 0,
    });
    const client = await clientFor(app().server, db, await g.user());
    const refusals: [Record<string, unknown>, string][] = [
      [{ ticket_id: ticketId }, "sliding_amount_required"],
      [{ ticket_id: ticketId, ticket_cost: 499 }, "below_minimum"],
      [{ ticket_id: ticketId, ticket_cost: 5001 }, "above_maximum"],
      [{ ticket_id: free, ticket_cost: 0 }, "sliding_amount_required"],
    ];
    for (const [body, code] of refusals) {
      const res = await client.post(CREATE, { event_id: eventId, ...body });
      expect({ body, code: errorCode(res) }).toEqual({ body, code });
    }
    expect(await transactionsOf(db, eventId)).toHaveLength(0);

    const chosen = await client.post(CREATE, {
      event_id: eventId,
      ticket_id: ticketId,
      ticket_cost: 1234,
      quantity: 2,
    });
    expect(chosen.statusCode).toBe(200);
    expect(await transactionsOf(db, eventId)).toMatchObject([{ amount_cents: 2468 }]);
  });

  test("a deliberate zero donation registers without a checkout", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(
      db,
      {},
      { price_type: "sliding", price_cents: 0, max_value_cents: 0 },
    );
    const userId = await g.user();
    const client = await clientFor(app().server, db, userId);
    const res = await client.post(CREATE, {
      event_id: eventId,
      ticket_id: ticketId,
      ticket_cost: 0,
      allowZeroDonation: true,
    });
    expect(res.json()).toEqual({ url: null });
    expect(await registrations(db, eventId)).toMatchObject([{ user_id: userId }]);
  });

  test("the last seat is held by a checkout in progress; the next buyer hears the event is full", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(db, { seat_limit: 2 });
    await g.registration(eventId, await g.user());
    const first = await clientFor(app().server, db, await g.user());
    const second = await clientFor(app().server, db, await g.user());
    expect((await first.post(CREATE, { event_id: eventId, ticket_id: ticketId })).statusCode).toBe(200);
    const refused = await second.post(CREATE, { event_id: eventId, ticket_id: ticketId });
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, "limit_reached"]);
    expect(refused.json().error.message).toBe("event registration limit reached");
    // The holder may retry (a new attempt) without being refused by their own hold.
    expect(
      (await first.post(CREATE, { event_id: eventId, ticket_id: ticketId, nonce: "again-123" })).statusCode,
    ).toBe(200);
  });

  test("a wrong event password is refused before any checkout", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(db, { password: "opensesame" });
    const client = await clientFor(app().server, db, await g.user());
    const wrong = await client.post(CREATE, {
      event_id: eventId,
      ticket_id: ticketId,
      event_password: "nope",
    });
    expect(errorCode(wrong)).toBe("incorrect_event_password");
    const right = await client.post(CREATE, {
      event_id: eventId,
      ticket_id: ticketId,
      event_password: "opensesame",
    });
    expect(right.statusCode).toBe(200);
  });

  test("signed-out callers get 401 on every payments endpoint", async () => {
    const visitor = new TestClient(app().server);
    for (const [path, body] of [
      [CREATE, { event_id: 1, ticket_id: 1 }],
      ["/api/payments/validate-checkout-session", { event_id: 1, stripe_checkout_session_id: "test_cs_x" }],
      ["/api/transactions/has-paid", { user_id: 1, event_id: 1 }],
      ["/api/patreon/is-valid-patron", { user_id: 1, event_id: 1 }],
    ] as const) {
      const res = await visitor.post(path, body);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 401 });
    }
  });

  test("validating another user's or another event's session says not valid and registers no one", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(db);
    const other = await ticketedEvent(db);
    const buyer = await g.user();
    const txId = await g.paidTicket(eventId, buyer, ticketId, {
      checkout_session_id: "test_cs_someoneelse",
      amount_cents: 2500,
    });
    expect(txId).toBeGreaterThan(0);
    const stranger = await clientFor(app().server, db, await g.user());
    for (const body of [
      { event_id: eventId, stripe_checkout_session_id: "test_cs_someoneelse" },
      { event_id: other.eventId, stripe_checkout_session_id: "test_cs_someoneelse" },
      { event_id: eventId, stripe_checkout_session_id: "test_cs_unknown" },
    ]) {
      expect((await stranger.post("/api/payments/validate-checkout-session", body)).json()).toEqual({
        is_valid: false,
      });
    }
    const bad = await stranger.post("/api/payments/validate-checkout-session", {
      event_id: eventId,
      stripe_checkout_session_id: "'; DROP TABLE users; --",
    });
    expect(bad.statusCode).toBe(400);
    expect(await registrations(db, eventId)).toHaveLength(0);
  });

  test("has-paid answers the viewer about themselves, a host about anyone, and 403 otherwise", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId, organizationId } = await ticketedEvent(db);
    const buyer = await g.user();
    await g.paidTicket(eventId, buyer, ticketId);
    const host = await g.user();
    await g.member(organizationId, host, "owner");
    const stranger = await g.user();
    const ask = async (viewer: number, userId: number) =>
      (await clientFor(app().server, db, viewer)).post("/api/transactions/has-paid", {
        user_id: userId,
        event_id: eventId,
      });

    expect((await ask(buyer, buyer)).json()).toEqual({ has_paid: true });
    expect((await ask(stranger, stranger)).json()).toEqual({ has_paid: false });
    expect((await ask(host, buyer)).json()).toEqual({ has_paid: true });
    const refused = await ask(stranger, buyer);
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, "forbidden"]);
  });
});

describeOnEachDatabase("concurrent checkouts", (use, engine) => {
  const app = useTestApp(use);

  // Issue 5 "Must show": 500 concurrent checkouts for the last 10 seats of a ticket and a 10-use coupon,
  // on PostgreSQL's real connections; PGlite's one connection takes 50 as it would 500.
  const BUYERS = engine === "postgres" ? 500 : 50;
  // What these prove is exactness under concurrency, not speed: 500 sign-ins and checkouts on 2 cores
  // may take longer than the suite's default limit (speed lives in bench:registration).
  const CROWD_TIMEOUT_MS = 120_000;
  const buyers = async (db: Database) => {
    const g = given(db);
    return Promise.all(
      Array.from({ length: BUYERS }, async () => {
        const client = await clientFor(app().server, db, await g.user());
        await client.get("/api/auth/csrf");
        return client;
      }),
    );
  };

  test(
    `${BUYERS} buyers at once for the last 10 seats: exactly 10 checkouts, the rest hear the event is full`,
    async () => {
      const db = use();
      const g = given(db);
      const { eventId, ticketId } = await ticketedEvent(db, { seat_limit: 11 });
      await g.registration(eventId, await g.user());
      const clients = await buyers(db);
      const results = await Promise.all(
        clients.map((c) =>
          c.post("/api/payments/create-checkout-session", { event_id: eventId, ticket_id: ticketId }),
        ),
      );
      const outcomes = results.map((r) =>
        r.statusCode === 200 ? "checkout" : `${r.statusCode} ${errorCode(r)}`,
      );
      expect(outcomes.filter((o) => o === "checkout")).toHaveLength(10);
      expect(outcomes.filter((o) => o !== "checkout")).toEqual(Array(BUYERS - 10).fill("409 limit_reached"));
      expect(await transactionsOf(db, eventId)).toHaveLength(10);
    },
    CROWD_TIMEOUT_MS,
  );

  test(
    `${BUYERS} buyers at once with a 10-use coupon: exactly 10 get it, the rest hear the code is invalid`,
    async () => {
      const db = use();
      const g = given(db);
      const { eventId, ticketId } = await ticketedEvent(db);
      await g.coupon(eventId, { name: "EARLY", coupon_type: "amount", value: 500, max_redemptions: 10 });
      const clients = await buyers(db);
      const results = await Promise.all(
        clients.map((c) =>
          c.post("/api/payments/create-checkout-session", {
            event_id: eventId,
            ticket_id: ticketId,
            coupon: "EARLY",
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
      expect(results.filter((r) => r.statusCode !== 200).map(errorCode)).toEqual(
        Array(BUYERS - 10).fill("invalid_coupon"),
      );
      expect(await transactionsOf(db, eventId)).toMatchObject(Array(10).fill({ amount_cents: 2000 }));
    },
    CROWD_TIMEOUT_MS,
  );
});
