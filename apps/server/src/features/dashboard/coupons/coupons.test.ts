import type { DashCouponResponse, DashEventResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { dashWorld, inHours } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";

const coupon = (fields: Record<string, unknown> = {}) => ({
  name: "EARLYBIRD",
  couponType: "percent",
  value: 20,
  ...fields,
});

describeOnEachDatabase("dashboard coupons", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());
  const couponCount = async (eventId: number) =>
    (
      await use().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM coupons WHERE event_id = $1 AND deleted_at IS NULL",
        [eventId],
      )
    )[0]?.n;

  test("a coupon is created with its limits and shows its redemptions", async () => {
    const w = await world();
    const host = await w.as("host");
    const expiresAt = inHours(24);
    const res = await host.post(
      `/api/dash/events/${w.event}/coupons`,
      coupon({ couponType: "amount", value: 500, maxRedemptions: 10, expiresAt }),
    );
    expect(res.statusCode).toBe(201);
    const created = (res.json() as DashCouponResponse).coupon;
    expect(created).toMatchObject({
      name: "EARLYBIRD",
      couponType: "amount",
      value: 500,
      maxRedemptions: 10,
    });
    expect(Date.parse(created.expiresAt ?? "")).toBe(Date.parse(expiresAt));
    await use().query("UPDATE event_registrations SET coupon_id = $1 WHERE event_id = $2", [
      created.id,
      w.event,
    ]);
    const view = (await host.get(`/api/dash/events/${w.event}`)).json() as DashEventResponse;
    expect(view.coupons[0]?.redemptionCount).toBe(1);
  });

  test("a duplicate name in any letter case is 409; the same name on another event is fine", async () => {
    const w = await world();
    const owner = await w.as("owner");
    await owner.post(`/api/dash/events/${w.event}/coupons`, coupon());
    const dup = await owner.post(`/api/dash/events/${w.event}/coupons`, coupon({ name: "earlyBird" }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe("coupon_name_taken");
    const other = await w.as("otherChannel");
    expect((await other.post(`/api/dash/events/${w.otherEvent}/coupons`, coupon())).statusCode).toBe(201);
    const second = (await owner.post(`/api/dash/events/${w.event}/coupons`, coupon({ name: "LATE" }))).json();
    const rename = await owner.patch(`/api/dash/coupons/${second.coupon.id}`, { name: "Earlybird" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.code).toBe("coupon_name_taken");
  });

  test.each([
    { case: "a percent above 100", body: coupon({ value: 101 }), code: "invalid_coupon_value" },
    { case: "a zero value", body: coupon({ value: 0 }), code: "invalid_request" },
    {
      case: "a negative amount",
      body: coupon({ couponType: "amount", value: -100 }),
      code: "invalid_request",
    },
    {
      case: "a huge amount",
      body: coupon({ couponType: "amount", value: 10_000_001 }),
      code: "invalid_request",
    },
    { case: "spaces in the name", body: coupon({ name: "EARLY BIRD" }), code: "invalid_request" },
    { case: "a formula for a name", body: coupon({ name: "=HYPERLINK()" }), code: "invalid_request" },
    { case: "a 65-character name", body: coupon({ name: "A".repeat(65) }), code: "invalid_request" },
    { case: "zero redemptions", body: coupon({ maxRedemptions: 0 }), code: "invalid_request" },
    { case: "an unknown type", body: coupon({ couponType: "bogo" }), code: "invalid_request" },
    { case: "a bad expiry", body: coupon({ expiresAt: "soon" }), code: "invalid_request" },
  ])("a coupon with $case is refused ($code)", async ({ body, code }) => {
    const w = await world();
    const res = await (await w.as("owner")).post(`/api/dash/events/${w.event}/coupons`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(await couponCount(w.event)).toBe(0);
  });

  test("coupon refusals by who asks and for which coupon", async () => {
    const w = await world();
    expect((await w.anonymous().post(`/api/dash/events/${w.event}/coupons`, coupon())).statusCode).toBe(401);
    for (const who of ["guest", "moderator", "stranger", "otherChannel"] as const) {
      expect((await (await w.as(who)).post(`/api/dash/events/${w.event}/coupons`, coupon())).statusCode).toBe(
        403,
      );
    }
    const owner = await w.as("owner");
    const created = (
      await owner.post(`/api/dash/events/${w.event}/coupons`, coupon())
    ).json() as DashCouponResponse;
    const url = `/api/dash/coupons/${created.coupon.id}`;
    expect((await (await w.as("otherChannel")).patch(url, { value: 100 })).statusCode).toBe(403);
    expect((await (await w.as("otherChannel")).request("DELETE", url)).statusCode).toBe(403);
    expect((await owner.patch("/api/dash/coupons/99999999", { value: 5 })).statusCode).toBe(404);
    expect((await owner.patch(url, { value: 150 })).statusCode).toBe(400);
    const switched = await owner.patch(url, { couponType: "amount", value: 150, maxRedemptions: null });
    expect((switched.json() as DashCouponResponse).coupon).toMatchObject({
      couponType: "amount",
      value: 150,
    });
    expect((await owner.request("DELETE", url)).statusCode).toBe(204);
    expect(await couponCount(w.event)).toBe(0);
    expect((await owner.post(`/api/dash/events/${w.event}/coupons`, coupon())).statusCode).toBe(201);
  });
});
