import { expect, test } from "vitest";
import { TEST_PUBLIC_URL, useTestApp } from "../../../testing/app";
import type { TestClient } from "../../../testing/client";
import { describeOnEachDatabase } from "../../../testing/databases";
import { errorCode, roleMatrixClients, roomScene, topicMessages } from "../../../testing/room-scene";

// Issue 25 §3, §4: the channel's payment account, contribution CTAs and donations (spec 2 §4, §7) on the
// TEST MODE gateway, by every role, on both engines.

const formToken = (html: string) => /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
const pathOf = (url: string) => new URL(url).pathname;

/** Pays a TEST MODE checkout as the buyer's browser does. */
async function payOnTestPage(client: TestClient, url: string) {
  const page = await client.get(pathOf(url));
  expect(page.body).toContain("TEST MODE — no real payment");
  const paid = await client.request("POST", `${pathOf(url)}/pay`, {
    payload: `form_token=${encodeURIComponent(formToken(page.body))}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(paid.statusCode).toBe(303);
  return String(paid.headers.location);
}

describeOnEachDatabase("payment account, contribution CTAs and donations", (use) => {
  // One minute's start: the retry bucket and the rate window are fixed windows of the clock.
  const app = useTestApp(use, { clock: () => new Date(Date.UTC(2030, 0, 1, 12, 0)) });

  const contribution = (sessionId: number, fields: Record<string, unknown> = {}) => ({
    video_session_id: sessionId,
    custom_element_type_fkey: "contribution",
    title: "Support the show",
    value: "",
    ...fields,
  });

  /** The room scene (event in EUR) with its channel connected in TEST MODE and a contribution CTA on air. */
  async function liveContribution() {
    const s = await roomScene(app().server, use(), { event: { event_ticket_currency: "EUR" } });
    const owner = s.people.owner.client;
    const connected = await owner.post("/api/payments/account/connect", { org_id: s.channel });
    expect(connected.json()).toEqual({ url: `${TEST_PUBLIC_URL}/settings?tab=payments&org=${s.channel}` });
    const element = (await s.people.host.client.post("/api/custom-elements", contribution(s.session))).json()
      .element as { id: number; value: string; options: Record<string, unknown> };
    const shown = await s.people.host.client.post("/api/video-session/update-offer-state", {
      video_session_id: s.session,
      event_id: s.event,
      offer_state: [{ id: element.id }],
    });
    expect(shown.statusCode).toBe(200);
    return { ...s, element };
  }

  const donationsOf = (sessionId: number) =>
    use().query("SELECT id FROM transactions WHERE kind = 'donation' AND video_session_id = $1", [sessionId]);

  const donate = (client: TestClient, userId: number, sessionId: number, amount: number) =>
    client.post("/api/stripe/create-donation-link", {
      user_id: userId,
      video_session_id: sessionId,
      donation_amount: amount,
    });

  test("the owner connects a TEST MODE account, sees it active, and disconnects it", async () => {
    const s = await roomScene(app().server, use());
    const owner = s.people.owner.client;
    const account = () => owner.get(`/api/payments/account?org_id=${s.channel}`);
    expect((await account()).json()).toEqual({
      organizationId: s.channel,
      status: "none",
      accountId: null,
      testMode: true,
    });
    await owner.post("/api/payments/account/connect", { org_id: s.channel });
    const active = (await account()).json();
    expect(active).toMatchObject({ status: "active", testMode: true });
    expect(active.accountId).toMatch(/^test_acct_/);
    // Connecting again keeps the same account.
    await owner.post("/api/payments/account/connect", { org_id: s.channel });
    expect((await account()).json().accountId).toBe(active.accountId);
    const off = await owner.post("/api/payments/account/disconnect", { org_id: s.channel });
    expect(off.json()).toMatchObject({ status: "none", accountId: null });
  });

  test.each([
    { who: "channelAdmin", status: 200 },
    { who: "member", status: 403 },
    { who: "host", status: 403 },
    { who: "eventAdmin", status: 403 },
    { who: "guest", status: 403 },
    { who: "visitor", status: 401 },
  ])("payment account by $who → $status, nothing changes when refused", async ({ who, status }) => {
    const s = await roomScene(app().server, use());
    const as = await roleMatrixClients(s, "admin");
    const stored = () =>
      use().query(
        "SELECT stripe_connect_id, stripe_connect_charges_enabled FROM organizations WHERE id = $1",
        [s.channel],
      );
    const before = await stored();
    const client = as(who);
    const answers = [
      (await client.get(`/api/payments/account?org_id=${s.channel}`)).statusCode,
      (await client.post("/api/payments/account/connect", { org_id: s.channel })).statusCode,
      (await client.post("/api/payments/account/disconnect", { org_id: s.channel })).statusCode,
    ];
    expect(answers).toEqual([status, status, status]);
    if (status !== 200) expect(await stored()).toEqual(before);
  });

  test("a contribution CTA needs the connected account ('Please connect your payment account first')", async () => {
    const s = await roomScene(app().server, use(), { event: { event_ticket_currency: "EUR" } });
    const host = s.people.host.client;
    const refused = await host.post("/api/custom-elements", contribution(s.session));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "payment_account_required",
      message: "Please connect your payment account first",
    });
    const studio = async () =>
      (await host.get(`/api/video-session/studio?video_session_id=${s.session}`)).json();
    expect((await studio()).contributions).toEqual({ accountConnected: false, defaultCurrency: "EUR" });

    await s.people.owner.client.post("/api/payments/account/connect", { org_id: s.channel });
    expect((await studio()).contributions).toEqual({ accountConnected: true, defaultCurrency: "EUR" });
    const created = await host.post("/api/custom-elements", contribution(s.session));
    expect(created.statusCode).toBe(201);
    // Spec 3 §3: title the label, value the prompt, options the currency (the event's by default).
    expect(created.json().element).toMatchObject({
      type: "contribution",
      title: "Support the show",
      value: "",
      options: { currency: "EUR" },
    });
    const usd = await host.post(
      "/api/custom-elements",
      contribution(s.session, { options: { currency: "USD" } }),
    );
    expect(usd.json().element.options).toEqual({ currency: "USD" });
    // The audience sees only what is on air; the account's state is the team's.
    const guestView = (
      await s.people.guest.client.get(`/api/video-session/studio?video_session_id=${s.session}`)
    ).json();
    expect(guestView.contributions).toBeNull();

    for (const [body, code] of [
      [contribution(s.session, { title: " " }), "offer_label_required"],
      [contribution(s.session, { value: "p".repeat(201) }), "contribution_prompt_too_long"],
      [contribution(s.session, { options: { currency: "XYZ" } }), "invalid_currency"],
      [contribution(s.session, { options: { currency: 5 } }), "invalid_currency"],
    ] as const) {
      const res = await host.post("/api/custom-elements", body);
      expect([res.statusCode, errorCode(res)]).toEqual([400, code]);
    }

    // Disconnected: a contribution cannot go on air.
    await s.people.owner.client.post("/api/payments/account/disconnect", { org_id: s.channel });
    const show = await host.post("/api/video-session/update-offer-state", {
      video_session_id: s.session,
      event_id: s.event,
      offer_state: [{ id: created.json().element.id }],
    });
    expect([show.statusCode, errorCode(show)]).toEqual([409, "payment_account_required"]);
  });

  test("a guest donates: the amount rounded, paid on the TEST MODE page, check-status turns to paid once, the team sees it", async () => {
    const s = await liveContribution();
    const guest = s.people.guest;
    const res = await donate(guest.client, guest.userId, s.session, 12.345);
    expect(res.statusCode).toBe(200);
    const { donationLink, client_reference_id } = res.json();
    expect(donationLink).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/payments/test-checkout/test_cs_\\w+$`));
    expect(client_reference_id).toMatch(/^don_[0-9a-f]{32}$/);
    const page = await guest.client.get(pathOf(donationLink));
    expect(page.body).toContain("Contribution to");
    expect(page.body).toContain("€12.35");

    const status = () => guest.client.post("/api/transactions/check-status", { client_reference_id });
    expect((await status()).json()).toEqual({ transaction_status: "pending" });
    const before = (await topicMessages(use(), s.topics.session)).length;
    expect(await payOnTestPage(guest.client, donationLink)).toBe(
      `${TEST_PUBLIC_URL}/donations/complete?status=paid`,
    );
    // Polled by two tabs at once: paid, and told to the team once.
    const [a, b] = await Promise.all([status(), status()]);
    expect([a.json(), b.json()]).toEqual([{ transaction_status: "paid" }, { transaction_status: "paid" }]);
    expect((await status()).json()).toEqual({ transaction_status: "paid" });
    const told = (await topicMessages(use(), s.topics.session)).slice(before);
    expect(told.map((m) => [m.event, m.payload])).toEqual([
      ["donations.changed", { videoSessionId: s.session }],
    ]);

    const list = await s.people.host.client.get(`/api/video-session/donations?video_session_id=${s.session}`);
    expect(list.json()).toMatchObject({
      donations: [{ donor: { id: guest.userId }, amountCents: 1235, currency: "EUR" }],
      totals: [{ currency: "EUR", amountCents: 1235, count: 1 }],
    });
    const rows = await use().query(
      "SELECT kind, status, amount_cents, currency FROM transactions WHERE video_session_id = $1",
      [s.session],
    );
    expect(rows).toEqual([{ kind: "donation", status: "paid", amount_cents: 1235, currency: "EUR" }]);
  });

  test("a donation's refusals: someone else's user id, bad amounts, no contribution, no account, another's reference", async () => {
    const s = await liveContribution();
    const guest = s.people.guest;
    const cases = [
      { res: await donate(guest.client, s.people.otherGuest.userId, s.session, 5), want: [403, "forbidden"] },
      {
        res: await donate(guest.client, guest.userId, s.session, 0.5),
        want: [400, "donation_amount_too_small"],
      },
      {
        res: await donate(guest.client, guest.userId, s.session, 10_000.01),
        want: [400, "donation_amount_too_large"],
      },
      {
        res: await donate(guest.client, guest.userId, s.otherSession, 5),
        want: [404, "contribution_not_found"],
      },
      {
        res: await guest.client.post("/api/stripe/create-donation-link", {
          user_id: guest.userId,
          video_session_id: s.session,
          donation_amount: "5",
        }),
        want: [400, "invalid_request"],
      },
      {
        res: await donate(s.people.outsider.client, s.people.outsider.userId, s.session, 5),
        want: [403, "forbidden"],
      },
      { res: await donate(s.visitor, 1, s.session, 5), want: [401, "unauthorized"] },
    ];
    expect(cases.map((c) => [c.res.statusCode, errorCode(c.res)])).toEqual(cases.map((c) => c.want));
    expect(await donationsOf(s.session)).toEqual([]);

    const mine = (await donate(guest.client, guest.userId, s.session, 5)).json()
      .client_reference_id as string;
    const theirs = await s.people.otherGuest.client.post("/api/transactions/check-status", {
      client_reference_id: mine,
    });
    expect([theirs.statusCode, errorCode(theirs)]).toEqual([404, "donation_not_found"]);

    await s.people.owner.client.post("/api/payments/account/disconnect", { org_id: s.channel });
    const closed = await donate(guest.client, guest.userId, s.session, 6);
    expect([closed.statusCode, errorCode(closed)]).toEqual([409, "contributions_unavailable"]);
  });

  test("the same gift twice within the minute opens one payment; five donations a minute at most", async () => {
    const s = await liveContribution();
    const guest = s.people.guest;
    // A double click, or a retry after a lost response.
    const a = await donate(guest.client, guest.userId, s.session, 5);
    const b = await donate(guest.client, guest.userId, s.session, 5);
    expect(a.json()).toEqual(b.json());
    const answers = [];
    for (const amount of [6, 7, 8, 9])
      answers.push((await donate(guest.client, guest.userId, s.session, amount)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(await donationsOf(s.session)).toHaveLength(4);
  });

  test.each([
    { who: "owner", status: 200 },
    { who: "channelAdmin", status: 200 },
    { who: "eventAdmin", status: 200 },
    { who: "host", status: 200 },
    { who: "member", status: 403 },
    { who: "moderator", status: 403 },
    { who: "speaker", status: 403 },
    { who: "guest", status: 403 },
    { who: "banned", status: 403 },
    { who: "visitor", status: 401 },
  ])("the session's donations list by $who → $status", async ({ who, status }) => {
    const s = await roomScene(app().server, use());
    const as = await roleMatrixClients(s, "admin");
    const res = await as(who).get(`/api/video-session/donations?video_session_id=${s.session}`);
    expect(res.statusCode).toBe(status);
  });
});
