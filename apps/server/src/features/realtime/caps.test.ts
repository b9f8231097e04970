import { errorMessage, RealtimeEvents } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import { describeOnPglite } from "../../testing/databases";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";
import { range } from "../../testing/sample-messages";

// Issue 23 §2.1: a storm of connections and subscribes from one address (or one user) is refused at the
// caps with a clear error, and the server answers others meanwhile. Small caps, real Socket.IO clients;
// the timings under a full storm are bench:storm's.

const CAPS = {
  connectionsPerAddress: 3,
  connectionsPerUser: 2,
  // Refilled too slowly to matter on a busy machine: the counts below are the bursts'.
  subscribesPerConnection: { burst: 4, perSecond: 0.01 },
  subscribesPerAddress: { burst: 6, perSecond: 0.01 },
};

interface SubscribeAnswer {
  status: string;
  error?: { code: string; message: string; retryAfterMs?: number };
}

describeOnPglite("realtime: caps per address and per user", (use) => {
  const server = useListeningApp(use, { realtimeTuning: CAPS });
  let scene: SessionScene;
  beforeAll(async () => {
    scene = await sessionScene(use());
  });
  const open: RealtimeClient[] = [];
  afterAll(() => {
    for (const client of open) client.close();
  });
  /** A client behind the test's proxy at `address` (the app trusts X-Forwarded-For, as TRUST_PROXY). */
  const connect = async (address: string, cookie?: string) => {
    const client = await RealtimeClient.connect(server().url, {
      cookie,
      headers: { "x-forwarded-for": address },
    });
    open.push(client);
    return client;
  };
  const refusalOf = (attempt: Promise<unknown>) =>
    attempt.then(
      () => null,
      (err: Error & { data?: unknown }) => ({ message: err.message, data: err.data }),
    );
  const tooManyConnections = {
    message: "too_many_connections",
    data: { code: "too_many_connections", message: errorMessage("too_many_connections") },
  };

  test("connections past the address cap are refused; other addresses connect; a closed one frees its place", async () => {
    const held = await Promise.all(range(1, 3).map(() => connect("203.0.113.1")));
    expect(await refusalOf(connect("203.0.113.1"))).toEqual(tooManyConnections);
    const elsewhere = await connect("203.0.113.2");
    expect(elsewhere.connected).toBe(true);

    held[0]?.close();
    await eventually("a place freed", async () => (await refusalOf(connect("203.0.113.1"))) === null);
    for (const client of held) client.close();
  });

  test("a user's connections past the user cap are refused from any address", async () => {
    const { cookie } = scene.people.guest;
    await connect("198.51.100.1", cookie);
    await connect("198.51.100.2", cookie);
    expect(await refusalOf(connect("198.51.100.3", cookie))).toEqual(tooManyConnections);
    // Another user, and a visitor, at that same address are not held back.
    await connect("198.51.100.3", scene.people.otherGuest.cookie);
    await connect("198.51.100.3");
  });

  test("subscribes past the connection's and the address's budgets are refused with a retry time; health answers", async () => {
    const topic = scene.topics.event;
    const storm = async (client: RealtimeClient, count: number) =>
      (await Promise.all(
        range(1, count).map(() => client.emitWithAck(RealtimeEvents.subscribe, { topic })),
      )) as SubscribeAnswer[];
    const refused = (answers: SubscribeAnswer[]) =>
      answers.filter((a) => a.error?.code === "too_many_subscribes");

    const first = await connect("192.0.2.7");
    const firstAnswers = await storm(first, 10);
    // Its own budget: four, then refused (a visitor of a registration event is refused the topic itself).
    expect(refused(firstAnswers)).toHaveLength(6);
    expect(refused(firstAnswers)[0]).toEqual({
      status: "CHANNEL_ERROR",
      topic,
      error: {
        code: "too_many_subscribes",
        message: errorMessage("too_many_subscribes"),
        retryAfterMs: expect.any(Number),
      },
    });
    expect(refused(firstAnswers)[0]?.error?.retryAfterMs).toBeGreaterThan(0);

    // A second connection of the same address has its own budget but only what is left of the address's.
    const second = await connect("192.0.2.7");
    expect(refused(await storm(second, 4))).toHaveLength(2);
    // Another address is untouched, and the server answers HTTP meanwhile.
    const other = await connect("192.0.2.8");
    expect(refused(await storm(other, 4))).toHaveLength(0);
    const health = await fetch(`${server().url}/api/health`);
    expect(health.status).toBe(200);
  });
});
