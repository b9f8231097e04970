import Stripe from "stripe";
import { expect, test } from "vitest";
import { TEST_PUBLIC_URL } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientFor, errorCode, registrations, ticketedEvent, transactionsOf } from "../../testing/payments";
import { expectServerError } from "../../testing/server-errors";
import { signWebhook as sign, useStripeApp } from "../../testing/stripe-app";
import { refundedCharge, stripeEvent } from "../../testing/stripe-stand-in";

const signer = new Stripe("sk_test_standin").webhooks;

describeOnEachDatabase("Stripe checkout and webhooks", (use) => {
  const { standIn, app, server, deliver, webhookRows, processed } = useStripeApp(use);

  /** A buyer with a Stripe checkout in progress for a $25.00 ticket. */
  async function checkoutInProgress(fields: Record<string, unknown> = {}) {
    const db = use();
    const event = await ticketedEvent(db, fields);
    const userId = await given(db).user();
    const client = await clientFor(server(), db, userId);
    const res = await client.post("/api/payments/create-checkout-session", {
      event_id: event.eventId,
      ticket_id: event.ticketId,
      utm_campaign: "spring",
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    const sessionId = url.split("/").pop() ?? "";
    return { ...event, userId, client, url, sessionId };
  }

  test("a checkout goes to Stripe with the server's amount and a success URL carrying the session id", async () => {
    const { url, sessionId, eventCode, eventId } = await checkoutInProgress();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const session = standIn.sessions.get(sessionId);
    expect(session).toMatchObject({
      amount_total: 2500,
      currency: "usd",
      success_url: `${TEST_PUBLIC_URL}/c/${eventCode}?checkout=success&stripe_checkout_session_id=${sessionId}`,
      cancel_url: `${TEST_PUBLIC_URL}/c/${eventCode}?checkout=cancelled`,
    });
    expect(session?.expires_at).toBeGreaterThan(Date.now() / 1000 + 30 * 60);
    expect(await transactionsOf(use(), eventId)).toMatchObject([
      { status: "pending", checkout_session_id: sessionId },
    ]);
  });

  test("a signed checkout.session.completed registers the buyer once, after a quick 200", async () => {
    const { sessionId, eventId, userId } = await checkoutInProgress();
    const payload = JSON.stringify(stripeEvent("checkout.session.completed", standIn.complete(sessionId)));
    const res = await deliver(payload);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    const id = (JSON.parse(payload) as { id: string }).id;
    await processed(id);
    expect(await registrations(use(), eventId)).toMatchObject([{ user_id: userId, amount_paid_cents: 2500 }]);
    expect(await transactionsOf(use(), eventId)).toMatchObject([{ status: "paid" }]);
    const [utm] = await use().query<{ utm_campaign: string }>(
      "SELECT utm_campaign FROM event_registrations WHERE event_id = $1",
      [eventId],
    );
    expect(utm?.utm_campaign).toBe("spring");

    // Stripe redelivers: answered at once, nothing more happens.
    const again = await deliver(payload);
    expect(again.statusCode).toBe(200);
    expect(await registrations(use(), eventId)).toHaveLength(1);
    expect(await webhookRows(id)).toHaveLength(1);
  });

  test("a bad signature, an old timestamp or a re-serialised body is refused with 400 and changes nothing", async () => {
    const { sessionId, eventId } = await checkoutInProgress();
    const event = stripeEvent("checkout.session.completed", standIn.complete(sessionId));
    const payload = JSON.stringify(event);
    const attempts = [
      { case: "no signature", res: await deliver(payload, "") },
      {
        case: "wrong secret",
        res: await deliver(payload, signer.generateTestHeaderString({ payload, secret: "whsec_other" })),
      },
      { case: "301 s old", res: await deliver(payload, sign(payload, Math.floor(Date.now() / 1000) - 301)) },
      { case: "re-serialised", res: await deliver(JSON.stringify(event, null, 2), sign(payload)) },
      { case: "garbage header", res: await deliver(payload, "t=abc,v1=zzz") },
    ];
    for (const { case: name, res } of attempts) {
      expect({ name, status: res.statusCode, code: errorCode(res) }).toEqual({
        name,
        status: 400,
        code: "invalid_webhook",
      });
    }
    expect(await webhookRows(event.id)).toHaveLength(0);
    expect(await transactionsOf(use(), eventId)).toMatchObject([{ status: "pending" }]);
    expect(await registrations(use(), eventId)).toHaveLength(0);
  });

  test("a refund arriving before the completion wins: the payment stays refunded and no one registers", async () => {
    const { sessionId, eventId } = await checkoutInProgress();
    const session = standIn.complete(sessionId);
    // Only the payment intent names it (no metadata): remembered until the payment is reported.
    const refund = stripeEvent("charge.refunded", refundedCharge(session.payment_intent ?? ""));
    expect((await deliver(JSON.stringify(refund))).statusCode).toBe(200);
    await processed(refund.id);
    const completed = stripeEvent("checkout.session.completed", session);
    expect((await deliver(JSON.stringify(completed))).statusCode).toBe(200);
    await processed(completed.id);
    expect(await transactionsOf(use(), eventId)).toMatchObject([{ status: "refunded" }]);
    expect(await registrations(use(), eventId)).toHaveLength(0);
  });

  test("a refund naming the transaction by metadata, before and after the payment", async () => {
    const { sessionId, eventId } = await checkoutInProgress();
    const session = standIn.complete(sessionId);
    const [tx] = await use().query<{ client_reference_id: string }>(
      "SELECT client_reference_id FROM transactions WHERE checkout_session_id = $1",
      [sessionId],
    );
    const refund = stripeEvent(
      "charge.refunded",
      refundedCharge("pi_unrelated", { client_reference_id: tx?.client_reference_id ?? "" }),
    );
    await deliver(JSON.stringify(refund));
    await processed(refund.id);
    expect(await transactionsOf(use(), eventId)).toMatchObject([{ status: "refunded" }]);
    const completed = stripeEvent("checkout.session.completed", session);
    await deliver(JSON.stringify(completed));
    await processed(completed.id);
    expect(await transactionsOf(use(), eventId)).toMatchObject([{ status: "refunded" }]);

    // After a payment: paid, then refunded (the registration stays; the host decides).
    const later = await checkoutInProgress();
    const paid = standIn.complete(later.sessionId);
    const done = stripeEvent("checkout.session.completed", paid);
    await deliver(JSON.stringify(done));
    await processed(done.id);
    // The buyer's event page (kept per viewer, events/public-pages.ts) shows the refund at once.
    const hasPaidOnPage = async () =>
      (await later.client.get(`/api/events/by-code/${later.eventCode}`)).json().viewer.hasPaid;
    expect(await hasPaidOnPage()).toBe(true);
    const refundLater = stripeEvent("charge.refunded", refundedCharge(paid.payment_intent ?? ""));
    await deliver(JSON.stringify(refundLater));
    await processed(refundLater.id);
    expect(await transactionsOf(use(), later.eventId)).toMatchObject([{ status: "refunded" }]);
    expect(await hasPaidOnPage()).toBe(false);
    expect(
      (
        await later.client.post("/api/transactions/has-paid", {
          user_id: later.userId,
          event_id: later.eventId,
        })
      ).json(),
    ).toEqual({ has_paid: false });
  });

  test("the browser's return and the webhook racing give exactly one registration", async () => {
    const { sessionId, eventId, organizationId, client } = await checkoutInProgress();
    const completed = stripeEvent("checkout.session.completed", standIn.complete(sessionId));
    const validate = () =>
      client.post("/api/payments/validate-checkout-session", {
        event_id: eventId,
        stripe_checkout_session_id: sessionId,
        org_id: organizationId,
      });
    await client.get("/api/auth/csrf");
    const [a, b, c] = await Promise.all([validate(), deliver(JSON.stringify(completed)), validate()]);
    expect(a.json()).toEqual({ is_valid: true });
    expect(b.statusCode).toBe(200);
    expect(c.json()).toEqual({ is_valid: true });
    await processed(completed.id);
    expect(await registrations(use(), eventId)).toHaveLength(1);
  });

  test("an unpaid or expired session is not valid; the expiry webhook closes the transaction", async () => {
    const { sessionId, eventId, client } = await checkoutInProgress();
    const body = { event_id: eventId, stripe_checkout_session_id: sessionId };
    expect((await client.post("/api/payments/validate-checkout-session", body)).json()).toEqual({
      is_valid: false,
    });
    const session = standIn.sessions.get(sessionId);
    if (session) session.status = "expired";
    const expired = stripeEvent("checkout.session.expired", session);
    await deliver(JSON.stringify(expired));
    await processed(expired.id);
    expect(await transactionsOf(use(), eventId)).toMatchObject([{ status: "expired" }]);
    expect((await client.post("/api/payments/validate-checkout-session", body)).json()).toEqual({
      is_valid: false,
    });
  });

  test("a session whose amount does not match the order registers no one", async () => {
    expectServerError(/checkout amount does not match the order/);
    const { sessionId, eventId, client } = await checkoutInProgress();
    standIn.complete(sessionId, { amount_total: 1 });
    const res = await client.post("/api/payments/validate-checkout-session", {
      event_id: eventId,
      stripe_checkout_session_id: sessionId,
    });
    expect(res.json()).toEqual({ is_valid: false });
    expect(await transactionsOf(use(), eventId)).toMatchObject([{ status: "failed" }]);
    expect(await registrations(use(), eventId)).toHaveLength(0);
  });

  test("a retried creation makes one Stripe session, also when Stripe's first answer is lost", async () => {
    const db = use();
    const { eventId, ticketId } = await ticketedEvent(db);
    const client = await clientFor(server(), db, await given(db).user());
    const body = { event_id: eventId, ticket_id: ticketId, nonce: "dialog-attempt-1" };
    const before = standIn.sessions.size;
    standIn.failNextCreations = 1;
    const first = await client.post("/api/payments/create-checkout-session", body);
    const second = await client.post("/api/payments/create-checkout-session", body);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(standIn.sessions.size).toBe(before + 1);
    const keys = standIn.creations.slice(-3);
    expect(new Set(keys).size).toBe(1);
    expect(await transactionsOf(db, eventId)).toHaveLength(1);
  });

  test("reconciliation completes a paid checkout whose webhook never came and expires dead ones", async () => {
    const db = use();
    const paid = await checkoutInProgress();
    const dead = await checkoutInProgress();
    standIn.complete(paid.sessionId);
    const deadSession = standIn.sessions.get(dead.sessionId);
    if (deadSession) deadSession.status = "expired";
    await db.query(
      "UPDATE transactions SET created_at = now() - interval '11 minutes' WHERE checkout_session_id IN ($1, $2)",
      [paid.sessionId, dead.sessionId],
    );
    const report = await app().payments.reconcilePendingCheckouts();
    expect(report).toMatchObject({ paid: 1 });
    expect(await registrations(db, paid.eventId)).toHaveLength(1);
    expect(await transactionsOf(db, paid.eventId)).toMatchObject([{ status: "paid" }]);
    expect(await transactionsOf(db, dead.eventId)).toMatchObject([{ status: "expired" }]);
    expect(await registrations(db, dead.eventId)).toHaveLength(0);
  });
});
