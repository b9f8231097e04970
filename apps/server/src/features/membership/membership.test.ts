import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorMessage, membershipRefusalMessage } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { App } from "../../app";
import type { Database } from "../../platform/database";
import { patreonGate } from "../../platform/membership/patreon-gate";
import { keepPatreonToken } from "../../platform/membership/queries";
import { buildTestApp, TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientFor, errorCode } from "../../testing/payments";

const CHECK = "/api/patreon/is-valid-patron";
const form = { "content-type": "application/x-www-form-urlencoded" };
const formToken = (html: string) => /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";

async function gatedEvent(db: Database, campaign: string | null = null) {
  const g = given(db);
  const organizationId = await g.channel({ patreon_campaign_id: campaign });
  const eventId = await g.event(organizationId, { access: "patreon", patreon_tier_amount_cents: 500 });
  const [row] = await db.query<{ event_code: string }>("SELECT event_code FROM events WHERE id = $1", [
    eventId,
  ]);
  return { organizationId, eventId, eventCode: row?.event_code ?? "" };
}

async function verified(db: Database, userId: number, eventId: number): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM membership_verifications WHERE user_id = $1 AND event_id = $2", [
    userId,
    eventId,
  ]);
  return rows.length > 0;
}

describeOnEachDatabase("membership gate, test mode", (use) => {
  const app = useTestApp(use);

  test("a pretend pledge below the tier is refused with the spec's message; at the tier it passes", async () => {
    const db = use();
    const { eventId, eventCode } = await gatedEvent(db);
    const userId = await given(db).user();
    const client = await clientFor(app().server, db, userId);

    const refused = await client.post(CHECK, { event_id: eventId, user_id: userId });
    expect(refused.json()).toEqual({
      isValid: false,
      code: "INSUFFICIENT_TIER",
      subscribeUrl: `${TEST_PUBLIC_URL}/payments/test-membership?event_id=${eventId}`,
    });
    expect(membershipRefusalMessage("INSUFFICIENT_TIER")).toBe(
      "User still doesn't meet minimum tier requirements. If you believe this is a mistake, please email support",
    );

    const page = await client.get(`/payments/test-membership?event_id=${eventId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("TEST MODE");
    expect(page.body).toContain('<label for="amount">Monthly pledge (USD)</label>');
    expect(page.body).toContain("$5.00 a month");
    expect(page.body.match(/<h1>/g)).toHaveLength(1);
    const token = formToken(page.body);
    const pledge = (amount: string, t = token) =>
      client.request("POST", "/payments/test-membership", {
        payload: `event_id=${eventId}&amount=${encodeURIComponent(amount)}&form_token=${encodeURIComponent(t)}`,
        headers: form,
      });

    expect((await pledge("5.00", "forged")).statusCode).toBe(403);
    expect((await pledge("abc")).statusCode).toBe(400);
    expect((await pledge("99999999")).statusCode).toBe(400);
    const low = await pledge("4.99");
    expect([low.statusCode, low.headers.location]).toEqual([303, `/c/${eventCode}?patreon=true`]);
    expect((await client.post(CHECK, { event_id: eventId, user_id: userId })).json()).toMatchObject({
      isValid: false,
      code: "INSUFFICIENT_TIER",
    });
    expect(await verified(db, userId, eventId)).toBe(false);

    expect((await pledge("5")).statusCode).toBe(303);
    expect((await client.post(CHECK, { event_id: eventId, user_id: userId })).json()).toEqual({
      isValid: true,
    });
    expect(await verified(db, userId, eventId)).toBe(true);
    // Asking again is harmless.
    expect((await client.post(CHECK, { event_id: eventId, user_id: userId })).json()).toEqual({
      isValid: true,
    });
  });

  test("refusals: another user's id, an unknown or deleted event, bad input; an ungated event passes", async () => {
    const db = use();
    const g = given(db);
    const { eventId } = await gatedEvent(db);
    const userId = await g.user();
    const client = await clientFor(app().server, db, userId);
    const other = await g.user();
    const deleted = await g.event(await g.channel(), { deleted_at: new Date() });
    const open = await g.event(await g.channel());

    const forbidden = await client.post(CHECK, { event_id: eventId, user_id: other });
    expect([forbidden.statusCode, errorCode(forbidden)]).toEqual([403, "forbidden"]);
    expect(await verified(db, other, eventId)).toBe(false);
    expect((await client.post(CHECK, { event_id: 999_999_999, user_id: userId })).statusCode).toBe(404);
    expect((await client.post(CHECK, { event_id: deleted, user_id: userId })).statusCode).toBe(404);
    for (const body of [
      { event_id: -1, user_id: userId },
      { event_id: "x", user_id: userId },
      { event_id: eventId },
    ]) {
      expect((await client.post(CHECK, body)).statusCode).toBe(400);
    }
    expect((await client.post(CHECK, { event_id: open, user_id: userId })).json()).toEqual({ isValid: true });
    expect(await verified(db, userId, open)).toBe(false);

    const visitorPage = await app().server.inject({
      method: "GET",
      url: `/payments/test-membership?event_id=${eventId}`,
    });
    expect(visitorPage.statusCode).toBe(401);
    expect(visitorPage.body).toContain("Please sign in first");
  });
});

/** A stand-in for Patreon's identity endpoint: each token names the memberships it answers with. */
class PatreonStandIn {
  readonly answers = new Map<string, { status: number; body: unknown }>();
  readonly paths: string[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.paths.push(req.url ?? "");
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const answer = this.answers.get(token) ?? { status: 401, body: { errors: [{ status: "401" }] } };
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop = () => new Promise<void>((resolve) => this.server?.close(() => resolve()));
}

/** Patreon API v2 identity with one membership of `campaign` entitled to a tier of `amountCents`. */
const identity = (campaign: string, amountCents: number, patronStatus = "active_patron") => ({
  data: { id: "u1", type: "user", relationships: { memberships: { data: [{ id: "m1", type: "member" }] } } },
  included: [
    {
      id: "m1",
      type: "member",
      attributes: { patron_status: patronStatus },
      relationships: {
        campaign: { data: { id: campaign, type: "campaign" } },
        currently_entitled_tiers: { data: [{ id: "t1", type: "tier" }] },
      },
    },
    { id: "t1", type: "tier", attributes: { amount_cents: amountCents } },
  ],
});

describeOnEachDatabase("membership gate, Patreon", (use) => {
  const patreon = new PatreonStandIn();
  let app: App | undefined;
  beforeAll(async () => {
    const apiBase = await patreon.start();
    app = await buildTestApp(use(), {
      membershipGate: patreonGate({ db: use(), apiBase }),
    });
  });
  afterAll(async () => {
    await app?.server.close();
    await patreon.stop();
  });

  async function patron(token: string | null) {
    const db = use();
    const userId = await given(db).user();
    if (token) {
      await db.query("INSERT INTO accounts (email, provider, id, user_id) VALUES ($1, 'patreon', $2, $3)", [
        `p-${userId}@example.test`,
        `p-${userId}`,
        userId,
      ]);
      // As Patreon sign-in does after the code exchange.
      await keepPatreonToken(db, { userId, subject: `p-${userId}`, accessToken: token });
    }
    if (!app) throw new Error("app not started");
    return { userId, client: await clientFor(app.server, db, userId) };
  }

  test("each verdict of the Patreon gate, with the spec's codes and messages", async () => {
    const db = use();
    const withCampaign = await gatedEvent(db, "camp-1");
    const noCampaign = await gatedEvent(db, null);
    patreon.answers.set("enough", { status: 200, body: identity("camp-1", 500) });
    patreon.answers.set("low", { status: 200, body: identity("camp-1", 300) });
    patreon.answers.set("elsewhere", { status: 200, body: identity("camp-2", 5000) });
    patreon.answers.set("former", { status: 200, body: identity("camp-1", 5000, "former_patron") });
    patreon.answers.set("down", { status: 503, body: {} });

    const ask = async (token: string | null, eventId = withCampaign.eventId) => {
      const { userId, client } = await patron(token);
      const res = await client.post(CHECK, { event_id: eventId, user_id: userId });
      return { status: res.statusCode, body: res.json(), verified: await verified(db, userId, eventId) };
    };

    const disconnected = await ask("enough", noCampaign.eventId);
    expect(disconnected.body).toEqual({ isValid: false, code: "PATREON_CAMPAIGN_ID_NOT_FOUND" });
    expect(membershipRefusalMessage("PATREON_CAMPAIGN_ID_NOT_FOUND")).toBe(
      "This host's Patreon integration has been disconnected, please reach out to the host or support for further assistance.",
    );
    expect((await ask(null)).body).toEqual({ isValid: false, code: "NOT_CONNECTED" });
    expect((await ask("expired-token")).body).toEqual({ isValid: false, code: "NOT_CONNECTED" });
    for (const token of ["low", "elsewhere", "former"]) {
      expect({ token, ...(await ask(token)) }).toEqual({
        token,
        status: 200,
        body: { isValid: false, code: "INSUFFICIENT_TIER" },
        verified: false,
      });
    }
    const unavailable = await ask("down");
    expect([unavailable.status, unavailable.body.error.code]).toEqual([409, "membership_unavailable"]);
    expect(unavailable.body.error.message).toBe(errorMessage("membership_unavailable"));

    expect(await ask("enough")).toEqual({ status: 200, body: { isValid: true }, verified: true });
    expect(patreon.paths.at(-1)).toContain(
      "/api/oauth2/v2/identity?include=memberships.currently_entitled_tiers",
    );
    expect(patreon.paths.at(-1)).toContain("fields%5Btier%5D=amount_cents");
  });

  test("issue 29 §5: a campaign the channel's owner connects in the dashboard is the one the gate checks", async () => {
    const db = use();
    const { organizationId, eventId } = await gatedEvent(db, null);
    patreon.answers.set("pledged", { status: 200, body: identity("7654321", 500) });
    const { userId, client } = await patron("pledged");
    const ask = async () => (await client.post(CHECK, { event_id: eventId, user_id: userId })).json();
    expect(await ask()).toEqual({ isValid: false, code: "PATREON_CAMPAIGN_ID_NOT_FOUND" });
    const ownerId = await given(db).user();
    await given(db).member(organizationId, ownerId, "owner");
    if (!app) throw new Error("app not started");
    const owner = await clientFor(app.server, db, ownerId);
    const connect = (campaign: string) =>
      owner.patch(`/api/channels/${organizationId}`, { patreonCampaignId: campaign });
    expect((await connect("1111111")).statusCode).toBe(200);
    expect(await ask()).toEqual({ isValid: false, code: "INSUFFICIENT_TIER" });
    expect((await connect("7654321")).statusCode).toBe(200);
    expect(await ask()).toEqual({ isValid: true });
  });

  test("no test-mode pledge page when Patreon is configured", async () => {
    const res = await app?.server.inject({ method: "GET", url: "/payments/test-membership?event_id=1" });
    // The path falls through to the web app's shell.
    expect(res?.body).not.toContain("TEST MODE");
  });
});
