import { RealtimeEvents, type TopicMessage } from "@onstage/domain";
import { beforeAll, expect, test } from "vitest";
import { insertRow } from "../../platform/database/insert";
import { describeOnPglite } from "../../testing/databases";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";
import { publishChanges, range } from "../../testing/sample-messages";

const FLOOD_DISCONNECT_MS = 1_500;
const SLOW_CLIENT_MESSAGES = 100;
const UNCAPPED = { burst: 10_000, perSecond: 10_000 };

// Transport limits do not depend on the database engine: one run on PGlite.
describeOnPglite("realtime: handshake and transport limits", (use) => {
  const server = useListeningApp(use, {
    realtimeTuning: {
      floodDisconnectMs: FLOOD_DISCONNECT_MS,
      slowClientCheckMs: 100,
      slowClientBufferedMessages: SLOW_CLIENT_MESSAGES,
      // The frame budget alone is under test here; the subscribe caps have caps.test.ts.
      subscribesPerConnection: UNCAPPED,
      subscribesPerAddress: UNCAPPED,
    },
  });
  let scene: SessionScene;
  beforeAll(async () => {
    scene = await sessionScene(use());
  });
  const connect = (cookie = scene.people.guest.cookie) =>
    RealtimeClient.connect(server().url, { cookie, reconnection: false });
  const publish = (topic: string, count: number) =>
    publishChanges(use(), server().app.realtime.realtime, topic, count);
  const disconnected = (client: RealtimeClient) =>
    new Promise<string>((resolve) => client.socket.once("disconnect", (reason) => resolve(reason)));

  test.each([
    { case: "another site's page", origin: "http://evil.test" },
    { case: "no Origin at all", origin: "" },
    { case: "the same host on another scheme", origin: "https://onstage.test" },
  ])("the handshake refuses $case", async ({ origin }) => {
    await expect(
      RealtimeClient.connect(server().url, { origin, cookie: scene.people.host.cookie }),
    ).rejects.toThrow();
  });

  test("an oversized frame closes that connection only", async () => {
    const topic = scene.topics.publicChat;
    const bystander = await connect();
    await bystander.subscribe(topic);
    const offender = await connect();
    const closed = disconnected(offender);
    offender.socket.emit(RealtimeEvents.subscribe, { topic: "x".repeat(20_000) });
    expect(await closed).toBe("transport close");

    const [sent] = await publish(topic, 1);
    await eventually("the bystander's message", () => bystander.received.length === 1);
    expect(bystander.received).toEqual([sent]);
    bystander.close();
  });

  test("a flood is answered with errors and ignored; persistent abuse disconnects; others are unharmed", async () => {
    const topic = scene.topics.session;
    const bystander = await connect();
    await bystander.subscribe(topic);
    const flooder = await connect();

    // A burst of 100 against a budget of 30 a second (bursts of 30).
    const answers = (await Promise.all(
      range(1, 100).map(() => flooder.emitWithAck(RealtimeEvents.subscribe, { topic })),
    )) as Array<{ status: string; error?: { code: string } }>;
    const floods = answers.filter((a) => a.error?.code === "flood");
    const subscribed = answers.filter((a) => a.status === "SUBSCRIBED");
    expect(floods.length + subscribed.length).toBe(100);
    expect(subscribed.length).toBeGreaterThanOrEqual(30);
    expect(floods.length).toBeGreaterThanOrEqual(40);
    expect(floods[0]).toEqual({
      status: "CHANNEL_ERROR",
      topic,
      error: { code: "flood", message: "Too many messages, please slow down" },
    });

    const [sent] = await publish(topic, 1);
    await eventually("the bystander's message", () => bystander.received.length === 1);
    expect(bystander.received).toEqual([sent]);

    // Still over the limit after FLOOD_DISCONNECT_MS: the server hangs up.
    const closed = disconnected(flooder);
    const pounding = setInterval(() => {
      for (let i = 0; i < 40; i += 1) flooder.socket.emit(RealtimeEvents.subscribe, { topic });
    }, 50);
    try {
      expect(await closed).toBe("io server disconnect");
    } finally {
      clearInterval(pounding);
    }
    expect(bystander.connected).toBe(true);
    bystander.close();
  });

  test("a slow client is dropped and the others receive everything", async () => {
    const chat = await insertRow(use(), "chats", {
      video_session_id: scene.otherSession,
      chat_type: "public",
    });
    const topic = `chat:${chat}`;
    const healthy = await connect();
    const slow = await RealtimeClient.connect(server().url, { cookie: scene.people.host.cookie });
    await healthy.subscribe(topic);
    await slow.subscribe(topic);
    // The slow client stops reading: its TCP window fills and the server's queue for it grows.
    const transport = slow.socket.io.engine.transport as unknown as {
      ws: { _socket: { pause(): void; resume(): void } };
    };
    const tcp = transport.ws._socket;
    tcp.pause();
    const dropped = disconnected(slow);

    // 1,000 messages of 8 kB a second, for three seconds.
    const count = 3_000;
    const payload = { message: "y".repeat(8_000) };
    const at = new Date().toISOString();
    const messages: TopicMessage[] = range(1, count).map((seq) => ({
      topic,
      seq,
      kind: "broadcast",
      event: "x",
      payload,
      at,
    }));
    for (let i = 0; i < count; i += 20) {
      server().app.realtime.realtime.publish(messages.slice(i, i + 20));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    await eventually("everything for the healthy client", () => healthy.seqs(topic).length === count, 15_000);
    expect(healthy.seqs(topic)).toEqual(range(1, count));
    // Reading again, the slow client finds its connection was cut part-way; it comes back by itself.
    tcp.resume();
    expect(await dropped).toBe("transport close");
    expect(slow.received.length).toBeLessThan(count);
    await eventually("the slow client back", () => slow.connected);
    healthy.close();
    slow.close();
  });
});
