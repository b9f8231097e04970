import type { IncomingMessage } from "node:http";
import {
  isPublicAddress,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
} from "@onstage/domain";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, test } from "vitest";
import { jobWorker } from "../../platform/jobs/worker";
import type { AddressGuard } from "../../platform/net/guarded-fetch";
import { useTestApp } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { type LocalServer, localServer } from "../../testing/local-server";
import { errorCode, type RoomScene, roleMatrixClients, roomScene } from "../../testing/room-scene";
import { WEBHOOK_ATTEMPTS, webhookDeliveryJobs, webhookRetryDelayMs } from "./delivery";

// Issue 28 §4: webhooks out, delivered to a receiver on loopback that the test's guard lets through
// (as a public address would be); every other address is judged by the production rule.

const NAMES: Record<string, string[]> = {
  "internal.test": ["10.0.0.5"],
  "metadata.test": ["169.254.169.254"],
};

interface Received {
  headers: Record<string, string>;
  body: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

describeOnPostgres("webhooks out", (use) => {
  let receiver: LocalServer;
  const received: Received[] = [];
  /** The answers the receiver gives, in turn; 200 once they run out. */
  const answers: number[] = [];
  let guard: AddressGuard;
  beforeAll(async () => {
    receiver = await localServer((req, res) => {
      void readBody(req).then((body) => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.statusCode = answers.shift() ?? 200;
        res.end(res.statusCode === 200 ? "thanks" : "try again later");
      });
    });
    guard = {
      resolve: async (hostname) => {
        const found = NAMES[hostname];
        if (!found) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
        return found;
      },
      isAllowed: (address, port) =>
        (address === "127.0.0.1" && port === receiver.port) ||
        (isPublicAddress(address) && (port === 80 || port === 443)),
    };
  });
  afterAll(() => receiver?.close());
  let now = Date.now();
  const clock = () => new Date(now);
  const app = useTestApp(use, { webhooks: () => ({ guard }), clock });
  const scene = () => roomScene(app().server, use());
  const hooksUrl = (s: RoomScene) => `/api/channels/${s.channel}/webhooks`;
  const create = (s: RoomScene, body: unknown, who = s.people.owner.client) => who.post(hooksUrl(s), body);
  /** The queue's worker as production runs it, on the test's clock. */
  const worker = () =>
    jobWorker({
      db: use(),
      clock,
      log: app().server.log,
      handlers: webhookDeliveryJobs({ db: use(), clock, guard }),
      maxAttempts: WEBHOOK_ATTEMPTS + 1,
      retryDelayMs: webhookRetryDelayMs,
    });

  test.each([
    { who: "owner", status: 201 },
    { who: "channelAdmin", status: 201 },
    { who: "member", status: 403 },
    { who: "host", status: 404 },
    { who: "guest", status: 404 },
    { who: "visitor", status: 401 },
  ])("registering an endpoint: $who → $status", async ({ who, status }) => {
    const s = await scene();
    const client = (await roleMatrixClients(s, "guest"))(who);
    const res = await create(s, { url: receiver.url("/hook"), eventTypes: ["registration.created"] }, client);
    expect(res.statusCode).toBe(status);
    if (status !== 201) {
      const rows = await use().query("SELECT 1 FROM webhook_endpoints WHERE organization_id = $1", [
        s.channel,
      ]);
      expect(rows).toEqual([]);
      return;
    }
    const endpoint = WebhookEndpoint.parse(res.json());
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((await client.get(hooksUrl(s))).json()).toEqual({ endpoints: [endpoint] });
  });

  test.each([
    { case: "a private address", url: "http://internal.test/hook", code: "webhook_address_refused" },
    { case: "the cloud's metadata", url: "http://metadata.test/latest", code: "webhook_address_refused" },
    { case: "loopback on another port", url: "http://127.0.0.1:22/", code: "webhook_address_refused" },
    { case: "an unknown name", url: "https://nowhere.invalid/hook", code: "webhook_address_refused" },
    { case: "not http", url: "ftp://example.com/hook", code: "invalid_request" },
    {
      case: "an unknown event type",
      url: "https://example.com/hook",
      types: ["user.deleted"],
      code: "invalid_request",
    },
    { case: "no event type", url: "https://example.com/hook", types: [], code: "invalid_request" },
  ])("refused: $case, nothing stored", async ({ url, types, code }) => {
    const s = await scene();
    const res = await create(s, { url, eventTypes: types ?? ["session.live"] });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe(code);
    expect(
      await use().query("SELECT 1 FROM webhook_endpoints WHERE organization_id = $1", [s.channel]),
    ).toEqual([]);
  });

  test("a channel has at most 10 endpoints", async () => {
    const s = await scene();
    const body = { url: receiver.url("/hook"), eventTypes: ["session.live"] };
    for (let i = 0; i < 10; i++) expect((await create(s, body)).statusCode).toBe(201);
    const full = await create(s, body);
    expect(full.statusCode).toBe(409);
    expect(errorCode(full)).toBe("webhook_endpoints_full");
  });

  test("an event is delivered signed, retried with back-off until the receiver answers 200, with one webhook-id", async () => {
    const s = await scene();
    const endpoint = WebhookEndpoint.parse(
      (await create(s, { url: receiver.url("/hook"), eventTypes: ["registration.created"] })).json(),
    );
    received.length = 0;
    answers.push(500, 503);
    // A registration of the channel's event (the outsider has none yet).
    const registered = await s.people.outsider.client.post("/api/events/register", { event_id: s.event });
    expect(registered.statusCode).toBeLessThan(300);
    const run = worker();
    expect(await run.runDue()).toBe(1);
    // Not again before its back-off: 5 s, then 5 minutes.
    expect(await run.runDue()).toBe(0);
    now += webhookRetryDelayMs(1);
    await run.runDue();
    now += webhookRetryDelayMs(2);
    await run.runDue();
    expect(received.map((r) => r.headers["webhook-id"])).toEqual(
      Array(3).fill(received[0]?.headers["webhook-id"]),
    );
    // The receiver checks it with the official library and its secret (the first attempt: the library
    // refuses a timestamp five minutes away from its own clock, and the later ones are the test's future).
    const first = received[0] as Received;
    const event = new Webhook(endpoint.secret).verify(first.body, first.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe("registration.created");
    expect(event.data).toMatchObject({ eventId: s.event, userId: s.people.outsider.userId });
    // Every attempt is signed anew for its own timestamp, over the same body.
    for (const attempt of received) {
      const at = new Date(Number(attempt.headers["webhook-timestamp"]) * 1000);
      expect(attempt.body).toBe(first.body);
      expect(attempt.headers["webhook-signature"]).toBe(
        new Webhook(endpoint.secret).sign(first.headers["webhook-id"] ?? "", at, attempt.body),
      );
    }
    // Forged with another secret: the library refuses it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString("base64")}`).verify(first.body, first.headers),
    ).toThrow(/signature/i);
    // The log: three attempts, the last answer kept, delivered.
    const log = WebhookDeliveriesResponse.parse(
      (await s.people.owner.client.get(`${hooksUrl(s)}/${endpoint.id}/deliveries`)).json(),
    );
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      eventType: "registration.created",
      attempts: 3,
      lastStatus: 200,
      lastResponse: "thanks",
      failedAt: null,
    });
    expect(log.deliveries[0]?.deliveredAt).not.toBeNull();
    // Nothing more is sent.
    now += webhookRetryDelayMs(3);
    expect(await run.runDue()).toBe(0);
    expect(received).toHaveLength(3);
  });

  test("an endpoint that never answers 200 is given up after about a day, logged, with no error", async () => {
    const s = await scene();
    const endpoint = WebhookEndpoint.parse(
      (await create(s, { url: receiver.url("/down"), eventTypes: ["registration.created"] })).json(),
    );
    answers.push(...Array(WEBHOOK_ATTEMPTS).fill(500));
    await s.people.outsider.client.post("/api/events/register", { event_id: s.event });
    const run = worker();
    const started = now;
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt++) {
      expect(await run.runDue()).toBe(1);
      now += webhookRetryDelayMs(attempt);
    }
    expect(await run.runDue()).toBe(0);
    expect(now - started).toBeGreaterThan(24 * 3_600_000);
    const [delivery] = WebhookDeliveriesResponse.parse(
      (await s.people.owner.client.get(`${hooksUrl(s)}/${endpoint.id}/deliveries`)).json(),
    ).deliveries;
    expect(delivery).toMatchObject({ attempts: WEBHOOK_ATTEMPTS, lastStatus: 500, deliveredAt: null });
    expect(delivery?.failedAt).not.toBeNull();
  });

  test("'Send test' delivers a webhook.test event at once; another channel's endpoint is not found", async () => {
    const s = await scene();
    const endpoint = WebhookEndpoint.parse(
      (await create(s, { url: receiver.url("/test"), eventTypes: ["session.live"] })).json(),
    );
    received.length = 0;
    const sent = await s.people.owner.client.post(`${hooksUrl(s)}/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(202);
    expect(WebhookDelivery.parse(sent.json()).eventType).toBe("webhook.test");
    const deliveriesUrl = `${hooksUrl(s)}/${endpoint.id}/deliveries`;
    await expect
      .poll(async () => (await s.people.owner.client.get(deliveriesUrl)).json().deliveries[0]?.lastStatus)
      .toBe(200);
    expect(JSON.parse(received[0]?.body ?? "{}").type).toBe("webhook.test");
    const other = await scene();
    expect((await other.people.owner.client.post(`${hooksUrl(other)}/${endpoint.id}/test`)).statusCode).toBe(
      404,
    );
    expect(
      (await other.people.owner.client.get(`${hooksUrl(other)}/${endpoint.id}/deliveries`)).statusCode,
    ).toBe(404);
    expect(
      (await other.people.owner.client.request("DELETE", `${hooksUrl(other)}/${endpoint.id}`)).statusCode,
    ).toBe(404);
    expect((await s.people.owner.client.request("DELETE", `${hooksUrl(s)}/${endpoint.id}`)).statusCode).toBe(
      204,
    );
  });

  test("a session going live and ending is told to the endpoints that asked for it, once each", async () => {
    const s = await scene();
    const endpoint = WebhookEndpoint.parse(
      (
        await create(s, { url: receiver.url("/sessions"), eventTypes: ["session.live", "session.ended"] })
      ).json(),
    );
    const move = (state: string) =>
      s.people.host.client.post("/api/video-session/update-video-session", {
        video_session_id: s.session,
        event_id: s.event,
        video_session_state: state,
      });
    expect((await move("greenroom")).statusCode).toBe(200);
    expect((await move("broadcasting")).statusCode).toBe(200);
    expect((await move("postevent")).statusCode).toBe(200);
    const logUrl = `${hooksUrl(s)}/${endpoint.id}/deliveries`;
    // Queued by the lifecycle's listener, after the move's answer.
    await expect
      .poll(async () =>
        WebhookDeliveriesResponse.parse((await s.people.owner.client.get(logUrl)).json()).deliveries.map(
          (d) => d.eventType,
        ),
      )
      .toEqual(["session.ended", "session.live"]);
    received.length = 0;
    await worker().runDue();
    const bodies = received.map((r) => JSON.parse(r.body) as { type: string; data: { sessionId: number } });
    expect(bodies.map((b) => [b.type, b.data.sessionId]).sort()).toEqual([
      ["session.ended", s.session],
      ["session.live", s.session],
    ]);
  });

  test("'Send test' is held at 30 a user per 15 minutes", async () => {
    const s = await scene();
    const endpoint = WebhookEndpoint.parse(
      (await create(s, { url: receiver.url("/many"), eventTypes: ["session.live"] })).json(),
    );
    const url = `${hooksUrl(s)}/${endpoint.id}/test`;
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await s.people.owner.client.post(url)).statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(30);
    expect(codes.at(-1)).toBe(429);
  });

  test("the webhook routes are in the OpenAPI document", async () => {
    const { paths } = (await app().server.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(paths["/api/channels/{channelId}/webhooks"].post.tags).toEqual(["webhooks"]);
    expect(Object.keys(paths)).toContain("/api/channels/{channelId}/webhooks/{endpointId}/deliveries");
  });
});
