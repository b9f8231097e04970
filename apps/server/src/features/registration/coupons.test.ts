import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { errorCode, newAttendee } from "../../testing/registration";

const APPLY = "/api/coupons/apply";
const HOUR = 3_600_000;

describeOnEachDatabase("POST /api/coupons/apply", (use) => {
  const app = useTestApp(use);

  test.each([
    { case: "anonymous", code: "SPRING", status: 401, error: "unauthorized" },
    { case: "unknown event", code: "SPRING", status: 404, error: "event_not_found" },
    { case: "unknown code", code: "WINTER", status: 400, error: "invalid_coupon" },
    { case: "another event's code", code: "ELSEWHERE", status: 400, error: "invalid_coupon" },
    { case: "deleted code", code: "GONE", status: 400, error: "invalid_coupon" },
    { case: "expired code", code: "OLD", status: 400, error: "invalid_coupon" },
    { case: "used-up code", code: "ONCE", status: 400, error: "invalid_coupon" },
    { case: "blank code", code: "  ", status: 400, error: "invalid_request" },
    { case: "valid code", code: "SPRING", status: 200, error: undefined },
  ])("refusal table: $case → $status", async ({ case: name, code, status, error }) => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel, { access: "ticketed" });
    await g.coupon(event, { name: "SPRING" });
    await g.coupon(await g.event(channel), { name: "ELSEWHERE" });
    await g.coupon(event, { name: "GONE", deleted_at: new Date() });
    await g.coupon(event, { name: "OLD", expires_at: new Date(Date.now() - HOUR) });
    const once = await g.coupon(event, { name: "ONCE", max_redemptions: 1 });
    await g.registration(event, await g.user(), { coupon_id: once });
    const { client } = await newAttendee(app().server, db);
    const res = await (name === "anonymous" ? new TestClient(app().server) : client).post(APPLY, {
      coupon_code: code,
      event_id: name === "unknown event" ? 999_999_999 : event,
    });
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(error);
    if (error === "invalid_coupon") expect(res.json().error.message).toBe("Sorry, that code is invalid.");
  });

  test("a code matches whatever the letter case and answers with the coupon's kind and value", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { access: "ticketed" });
    const percent = await g.coupon(event, { name: "Early-Bird", coupon_type: "percent", value: 25 });
    const amount = await g.coupon(event, { name: "FIVEOFF", coupon_type: "amount", value: 500 });
    const { client } = await newAttendee(app().server, db);
    const a = await client.post(APPLY, { coupon_code: "early-BIRD", event_id: event });
    expect(a.json()).toEqual({
      coupon: { id: percent, name: "Early-Bird", coupon_type: "percent", value: 25 },
    });
    const b = await client.post(APPLY, { coupon_code: " fiveoff ", event_id: event });
    expect(b.json()).toEqual({ coupon: { id: amount, name: "FIVEOFF", coupon_type: "amount", value: 500 } });
  });

  test("guessing codes is throttled per user", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { access: "ticketed" });
    await g.coupon(event, { name: "REAL" });
    const { client } = await newAttendee(app().server, db);
    for (let i = 0; i < 20; i += 1) {
      expect((await client.post(APPLY, { coupon_code: `GUESS${i}`, event_id: event })).statusCode).toBe(400);
    }
    const blocked = await client.post(APPLY, { coupon_code: "REAL", event_id: event });
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe("too_many_guesses");
  });
});
