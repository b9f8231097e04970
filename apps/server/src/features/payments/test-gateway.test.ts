import { expect, test } from "vitest";
import { TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientFor, registrations, ticketedEvent, transactionsOf } from "../../testing/payments";

const formToken = (html: string) => /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
const pathOf = (url: string) => new URL(url).pathname;

describeOnEachDatabase("test gateway checkout", (use) => {
  const app = useTestApp(use);

  test("a buyer pays on the TEST MODE page, returns, and is registered once at the coupon price", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId, eventCode, organizationId } = await ticketedEvent(db, { title: "Jazz night" });
    await g.coupon(eventId, { name: "FRIENDS", coupon_type: "percent", value: 20 });
    const userId = await g.user();
    const client = await clientFor(app().server, db, userId);

    const created = await client.post("/api/payments/create-checkout-session", {
      event_id: eventId,
      ticket_id: ticketId,
      quantity: 1,
      coupon: "friends",
      utm_source: "newsletter",
    });
    expect(created.statusCode).toBe(200);
    const { url } = created.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/payments/test-checkout/test_cs_\\w+$`));

    const page = await client.get(pathOf(url));
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("TEST MODE — no real payment");
    expect(page.body).toContain("Jazz night");
    expect(page.body).toContain("General admission");
    expect(page.body).toContain("Pay $20.00 (test)");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body.match(/<h1>/g)).toHaveLength(1);

    const wrongToken = await client.request("POST", `${pathOf(url)}/pay`, {
      payload: "form_token=forged",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(wrongToken.statusCode).toBe(403);

    const paid = await client.request("POST", `${pathOf(url)}/pay`, {
      payload: `form_token=${encodeURIComponent(formToken(page.body))}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(paid.statusCode).toBe(303);
    const back = new URL(String(paid.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${TEST_PUBLIC_URL}/c/${eventCode}`);
    expect(back.searchParams.get("checkout")).toBe("success");
    const sessionId = back.searchParams.get("stripe_checkout_session_id") ?? "";
    expect(url.endsWith(sessionId)).toBe(true);

    const validate = () =>
      client.post("/api/payments/validate-checkout-session", {
        event_id: eventId,
        stripe_checkout_session_id: sessionId,
        org_id: organizationId,
      });
    // The browser's return twice at once (two tabs, a retry): one registration.
    const [first, second] = await Promise.all([validate(), validate()]);
    expect(first.json()).toEqual({ is_valid: true });
    expect(second.json()).toEqual({ is_valid: true });
    const rows = await registrations(db, eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: userId, amount_paid_cents: 2000 });
    expect(await transactionsOf(db, eventId)).toMatchObject([{ status: "paid", amount_cents: 2000 }]);
    const [utm] = await db.query<{ utm_source: string }>(
      "SELECT utm_source FROM event_registrations WHERE event_id = $1",
      [eventId],
    );
    expect(utm?.utm_source).toBe("newsletter");
    expect(
      (await client.post("/api/transactions/has-paid", { user_id: userId, event_id: eventId })).json(),
    ).toEqual({
      has_paid: true,
    });
  });

  test("cancel returns to the event with checkout=cancelled and nothing is paid or registered", async () => {
    const db = use();
    const { eventId, ticketId, eventCode } = await ticketedEvent(db);
    const client = await clientFor(app().server, db, await given(db).user());
    const { url } = (
      await client.post("/api/payments/create-checkout-session", { event_id: eventId, ticket_id: ticketId })
    ).json() as { url: string };
    const cancelled = await client.request("POST", `${pathOf(url)}/cancel`, {
      payload: "",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${TEST_PUBLIC_URL}/c/${eventCode}?checkout=cancelled`);
    const sessionId = url.split("/").pop() ?? "";
    const validated = await client.post("/api/payments/validate-checkout-session", {
      event_id: eventId,
      stripe_checkout_session_id: sessionId,
    });
    expect(validated.json()).toEqual({ is_valid: false });
    expect(await registrations(db, eventId)).toHaveLength(0);
  });

  test("a retried creation makes one transaction and one session; a new attempt nonce makes another", async () => {
    const db = use();
    const { eventId, ticketId } = await ticketedEvent(db);
    const client = await clientFor(app().server, db, await given(db).user());
    const body = { event_id: eventId, ticket_id: ticketId, quantity: 2, nonce: "attempt-0001" };
    const a = await client.post("/api/payments/create-checkout-session", body);
    const [b, c] = await Promise.all([
      client.post("/api/payments/create-checkout-session", body),
      client.post("/api/payments/create-checkout-session", body),
    ]);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(await transactionsOf(db, eventId)).toMatchObject([{ status: "pending", amount_cents: 5000 }]);
    const other = await client.post("/api/payments/create-checkout-session", {
      ...body,
      nonce: "attempt-0002",
    });
    expect(other.json()).not.toEqual(a.json());
    expect(await transactionsOf(db, eventId)).toHaveLength(2);
  });

  test("a zero total (free ticket or full coupon) registers at once and answers url null", async () => {
    const db = use();
    const g = given(db);
    const { eventId, ticketId } = await ticketedEvent(db);
    await g.coupon(eventId, { name: "ALLFREE", coupon_type: "percent", value: 100 });
    const userId = await g.user();
    const client = await clientFor(app().server, db, userId);
    const res = await client.post("/api/payments/create-checkout-session", {
      event_id: eventId,
      ticket_id: ticketId,
      coupon: "ALLFREE",
    });
    expect(res.json()).toEqual({ url: null });
    expect(await registrations(db, eventId)).toMatchObject([{ user_id: userId, amount_paid_cents: 0 }]);
    expect(await transactionsOf(db, eventId)).toHaveLength(0);
    // Already registered: nothing more to pay for.
    const again = await client.post("/api/payments/create-checkout-session", {
      event_id: eventId,
      ticket_id: ticketId,
    });
    expect(again.json()).toEqual({ url: null });
    expect(await transactionsOf(db, eventId)).toHaveLength(0);
  });

  test("an unknown test checkout page is a 404 page, not an error", async () => {
    const res = await app().server.inject({ method: "GET", url: "/payments/test-checkout/test_cs_nope" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("TEST MODE");
  });
});
