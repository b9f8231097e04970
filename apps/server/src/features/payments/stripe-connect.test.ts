import { expect, test } from "vitest";
import { TEST_PUBLIC_URL } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { roomScene, topicMessages } from "../../testing/room-scene";
import { useStripeApp } from "../../testing/stripe-app";
import { stripeEvent } from "../../testing/stripe-stand-in";

// Issue 25 §4 on Stripe's SDK: a channel's Connect account (Express onboarding, account.updated), and
// donations paid to it, whose webhooks replayed and out of order apply once.

describeOnEachDatabase("Stripe Connect and donations", (use) => {
  const { standIn, server, deliver, processed } = useStripeApp(use);

  /** The room scene with its channel's Stripe account connected and enabled (by its webhook). */
  async function connectedScene() {
    const s = await roomScene(server(), use());
    const owner = s.people.owner.client;
    const res = await owner.post("/api/payments/account/connect", { org_id: s.channel });
    const { url } = res.json() as { url: string };
    const accountId = /setup\/e\/(acct_[0-9a-f]+)/.exec(url)?.[1] ?? "";
    const account = standIn.accounts.get(accountId);
    if (!account) throw new Error("no account made");
    account.charges_enabled = true;
    const updated = stripeEvent("account.updated", account);
    await deliver(JSON.stringify(updated));
    await processed(updated.id);
    return { ...s, owner, url, accountId, account };
  }

  test("the owner connects: an Express account, its onboarding link back to /settings, pending until account.updated", async () => {
    const s = await roomScene(server(), use());
    const owner = s.people.owner.client;
    const status = async () => (await owner.get(`/api/payments/account?org_id=${s.channel}`)).json();
    const { url } = (await owner.post("/api/payments/account/connect", { org_id: s.channel })).json();
    const back = `${TEST_PUBLIC_URL}/settings?tab=payments&org=${s.channel}`;
    expect(url).toBe(
      `https://connect.stripe.test/setup/e/${/acct_[0-9a-f]+/.exec(url)?.[0]}?return=${encodeURIComponent(back)}`,
    );
    const pending = await status();
    expect(pending).toMatchObject({ status: "pending", testMode: false });
    const account = standIn.accounts.get(pending.accountId);
    expect(account).toMatchObject({ type: "express", metadata: { organization_id: String(s.channel) } });

    // Back from onboarding before the webhook: the status is read from Stripe.
    if (account) account.charges_enabled = true;
    expect(await status()).toMatchObject({ status: "active", accountId: pending.accountId });

    // Stripe disables charges later: its webhook says so.
    if (account) account.charges_enabled = false;
    const disabled = stripeEvent("account.updated", account);
    await deliver(JSON.stringify(disabled));
    await processed(disabled.id);
    expect(await status()).toMatchObject({ status: "pending" });

    const accountsBefore = standIn.accounts.size;
    await owner.post("/api/payments/account/connect", { org_id: s.channel });
    expect(standIn.accounts.size).toBe(accountsBefore);
  });

  test("a donation is a destination charge to the channel's account; webhooks replayed and out of order apply once", async () => {
    const s = await connectedScene();
    const host = s.people.host.client;
    const element = (
      await host.post("/api/custom-elements", {
        video_session_id: s.session,
        custom_element_type_fkey: "contribution",
        title: "Tip the band",
        value: "Every bit helps",
        options: { currency: "USD" },
      })
    ).json().element as { id: number };
    const guest = s.people.guest;
    const res = await guest.client.post("/api/stripe/create-donation-link", {
      user_id: guest.userId,
      video_session_id: s.session,
      donation_amount: 20,
      custom_element_id: element.id,
    });
    expect(res.statusCode).toBe(200);
    const { donationLink, client_reference_id } = res.json();
    const sessionId = donationLink.split("/").pop() ?? "";
    expect(standIn.sessions.get(sessionId)).toMatchObject({
      amount_total: 2000,
      currency: "usd",
      client_reference_id,
      destination: s.accountId,
      metadata: { kind: "donation", video_session_id: String(s.session) },
    });

    const before = (await topicMessages(use(), s.topics.session)).length;
    const completed = stripeEvent("checkout.session.completed", standIn.complete(sessionId));
    const expired = stripeEvent("checkout.session.expired", {
      ...standIn.sessions.get(sessionId),
      status: "expired",
    });
    for (const event of [completed, completed, expired, completed]) {
      expect((await deliver(JSON.stringify(event))).statusCode).toBe(200);
      await processed(event.id);
    }
    const status = await guest.client.post("/api/transactions/check-status", { client_reference_id });
    expect(status.json()).toEqual({ transaction_status: "paid" });
    const told = (await topicMessages(use(), s.topics.session)).slice(before).map((m) => m.event);
    expect(told).toEqual(["donations.changed"]);
    const list = (await host.get(`/api/video-session/donations?video_session_id=${s.session}`)).json();
    expect(list.totals).toEqual([{ currency: "USD", amountCents: 2000, count: 1 }]);
  });

  test("a pending donation's check-status asks Stripe when its webhook is late", async () => {
    const s = await connectedScene();
    await s.people.host.client.post("/api/custom-elements", {
      video_session_id: s.session,
      custom_element_type_fkey: "contribution",
      title: "Tip",
      value: "",
    });
    const [element] = await use().query<{ id: number }>(
      "SELECT id FROM custom_elements WHERE video_session_id = $1 AND type = 'contribution'",
      [s.session],
    );
    await s.people.host.client.post("/api/video-session/update-offer-state", {
      video_session_id: s.session,
      event_id: s.event,
      offer_state: [{ id: element?.id }],
    });
    const guest = s.people.guest;
    const { donationLink, client_reference_id } = (
      await guest.client.post("/api/stripe/create-donation-link", {
        user_id: guest.userId,
        video_session_id: s.session,
        donation_amount: 3.5,
      })
    ).json();
    standIn.complete(donationLink.split("/").pop() ?? "");
    const status = await guest.client.post("/api/transactions/check-status", { client_reference_id });
    expect(status.json()).toEqual({ transaction_status: "paid" });
  });
});
