import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { errorCode, newAttendee, registrationCount } from "../../testing/registration";

// Issue 5 "Must show": 500 at once for the last 10 seats, and for a 10-use coupon, on PostgreSQL's real
// connections. PGlite runs every statement through its one connection, so a crowd of 50 proves the
// same there as 500 would.
const CROWDS = { postgres: 500, pglite: 50 } as const;
const LAST_SEATS = 10;
const TIMEOUT_MS = 180_000;

describeOnEachDatabase("registration under concurrency", (use, engine) => {
  const app = useTestApp(use);
  const CROWD = CROWDS[engine];

  async function crowd() {
    // Distinct client addresses, as a real crowd has; each person signs in on their own.
    return Promise.all(
      Array.from({ length: CROWD }, (_, i) =>
        newAttendee(app().server, use(), `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`),
      ),
    );
  }

  const tally = (responses: { statusCode: number; json: () => unknown }[]) => {
    const counts: Record<string, number> = {};
    for (const res of responses) {
      const key = `${res.statusCode} ${errorCode(res) ?? ""}`.trim();
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  test(
    `${CROWD} people at once for the last 10 seats: exactly 10 get in, the others hear the limit is reached`,
    async () => {
      const db = use();
      const g = given(db);
      const event = await g.event(await g.channel(), { seat_limit: 100 + LAST_SEATS });
      for (let i = 0; i < 100; i += 1) await g.registration(event, await g.user());
      const people = await crowd();
      const responses = await Promise.all(
        people.map(({ client }) => client.post("/api/events/register", { event_id: event })),
      );
      expect(tally(responses)).toEqual({ "201": LAST_SEATS, "409 limit_reached": CROWD - LAST_SEATS });
      expect(await registrationCount(db, event)).toBe(100 + LAST_SEATS);
    },
    TIMEOUT_MS,
  );

  test(
    `${CROWD} people at once with a 10-use coupon: exactly 10 redeem it, the others hear the code is invalid`,
    async () => {
      const db = use();
      const g = given(db);
      const event = await g.event(await g.channel(), { access: "ticketed" });
      const ticket = await g.ticket(event, { price_cents: 4000 });
      await g.coupon(event, {
        name: "TENFREE",
        coupon_type: "percent",
        value: 100,
        max_redemptions: LAST_SEATS,
      });
      const people = await crowd();
      const responses = await Promise.all(
        people.map(({ client }) =>
          client.post("/api/events/register", { event_id: event, ticket_id: ticket, coupon_code: "tenfree" }),
        ),
      );
      expect(tally(responses)).toEqual({ "201": LAST_SEATS, "400 invalid_coupon": CROWD - LAST_SEATS });
      expect(await registrationCount(db, event)).toBe(LAST_SEATS);
    },
    TIMEOUT_MS,
  );
});
