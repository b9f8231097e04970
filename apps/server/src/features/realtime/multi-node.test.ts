import { type ChatMessage, type ChatMessagesResponse, REALTIME_BAN_EVICTION_MS } from "@onstage/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { App } from "../../app";
import { insertRow } from "../../platform/database/insert";
import { signedIn } from "../../testing/app";
import { freshDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import {
  browserSession,
  eventually,
  listeningApp,
  postgresUrlOf,
  RealtimeClient,
  settle,
  uniquePublicUrl,
} from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";
import { publishChanges, range } from "../../testing/sample-messages";
import { ServerProcess } from "../../testing/server-process";

/** The Redis of this machine; the channels are keyed by a public URL of this run's own. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

// Two server processes as in production, plus the test's own in-process node that commits changes
// directly through the outbox, all on one PostgreSQL database and the machine's Redis.
describe("realtime across server processes over Redis [postgres]", () => {
  const publicUrl = uniquePublicUrl();
  const origin = new URL(publicUrl).origin;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let scene: SessionScene;
  let nodes: ServerProcess[] = [];
  let publisher: App | undefined;
  const clients: RealtimeClient[] = [];

  beforeAll(async () => {
    database = await freshDatabase("postgres");
    scene = await sessionScene(database.db);
    const databaseUrl = await postgresUrlOf(database.db);
    nodes = await Promise.all(
      [1, 2].map(() =>
        ServerProcess.create({
          NODE_ENV: "test",
          PUBLIC_URL: publicUrl,
          DATABASE_URL: databaseUrl,
          REDIS_URL,
          WEB_DIST: "/nonexistent",
          DEMO_DATA: "false",
        }),
      ),
    );
    await Promise.all(nodes.map((node) => node.start()));
    publisher = (await listeningApp(database.db, { redisUrl: REDIS_URL, publicUrl })).app;
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(nodes.map((node) => node.stop()));
    await publisher?.server.close();
    await database?.drop();
  });

  const node = (i: number) => nodes[i] ?? (null as never);
  const connect = async (on: ServerProcess, cookie = scene.people.guest.cookie) => {
    const client = await RealtimeClient.connect(on.url, { cookie, origin });
    clients.push(client);
    return client;
  };
  const publish = (topic: string, count: number) =>
    publishChanges(database.db, publisher?.realtime.realtime ?? (null as never), topic, count);

  test("a change made on one node reaches viewers on every node, once each, in order", async () => {
    const topic = scene.topics.publicChat;
    const first = await connect(node(0));
    const second = await connect(node(1));
    await first.subscribe(topic);
    await second.subscribe(topic);
    await publish(topic, 5);
    await eventually(
      "both nodes' viewers",
      () => first.seqs(topic).length === 5 && second.seqs(topic).length === 5,
    );
    await settle();
    for (const client of [first, second]) {
      expect(client.seqs(topic)).toEqual(range(1, 5));
      expect(client.received.map((m) => m.seq)).toEqual(range(1, 5));
    }
  });

  test("a ban evicts the user's connections on another node within 1 s", async () => {
    const db = database.db;
    const g = given(db);
    const userId = await g.user();
    await g.registration(scene.event, userId);
    const client = await connect(node(1), (await signedIn(db, userId)).cookie);
    expect((await client.subscribe(scene.topics.session)).status).toBe("SUBSCRIBED");
    await g.ban(userId, scene.channel, { ban_type: "event", event_id: scene.event });
    const bannedAt = Date.now();
    await publisher?.realtime.realtime.evict(userId, [scene.event], "banned");
    await eventually("the eviction", () => client.unsubscribed.length === 1, REALTIME_BAN_EVICTION_MS);
    expect(client.unsubscribed[0]?.at ?? Infinity).toBeLessThan(bannedAt + REALTIME_BAN_EVICTION_MS);
    expect(await client.subscribe(scene.topics.session)).toMatchObject({ error: { code: "banned" } });
  });

  test("a node killed with SIGKILL right after answering a chat message: back up, every viewer has it exactly once", async () => {
    const db = database.db;
    const g = given(db);
    const chat = await insertRow(db, "chats", { video_session_id: scene.otherSession, chat_type: "public" });
    const topic = `chat:${chat}`;
    const sender = await g.user({ email_verified_at: new Date() });
    await g.registration(scene.event, sender);
    const browser = await browserSession(node(0).url, (await signedIn(db, sender)).cookie, origin);
    const send = async (on: ServerProcess, message: string) => {
      const res = await browser.post(`${on.url}/api/chat/messages`, { chat_id: chat, message });
      expect(res.status).toBe(201);
      return ((await res.json()) as { message: ChatMessage }).message;
    };

    const onKilled = await connect(node(0));
    const onOther = await connect(node(1));
    await onKilled.subscribe(topic);
    await onOther.subscribe(topic);
    await send(node(0), "one");
    await send(node(0), "two");
    await eventually(
      "the first two",
      () => onKilled.seqs(topic).length === 2 && onOther.seqs(topic).length === 2,
    );

    // Answered, then killed before it can do anything else; another message arrives while it is down.
    const acknowledged = await send(node(0), "three");
    await node(0).kill("SIGKILL");
    await send(node(1), "four");
    await node(0).start();
    // The viewer reconnects by itself and resumes from its last sequence.
    // The killed node may have died before publishing "three": the other node's viewer then fills the
    // gap from the table when "four" arrives.
    await eventually(
      "the resume",
      () => onKilled.seqs(topic).length === 4 && onOther.seqs(topic).length === 4,
      15_000,
    );
    await settle();
    for (const viewer of [onKilled, onOther]) {
      expect(viewer.seqs(topic)).toEqual(range(1, 4));
      expect(viewer.applied.get(topic)?.map((m) => (m.payload as ChatMessage).message)).toEqual([
        "one",
        "two",
        "three",
        "four",
      ]);
    }
    expect(onKilled.applied.get(topic)?.[2]?.payload).toEqual(acknowledged);
    // And it is in the history and in the topic's retained messages.
    const history = await browser.get(`${node(0).url}/api/chat/messages?chat_id=${chat}`);
    expect(((await history.json()) as ChatMessagesResponse).messages.map((m) => m.message)).toEqual([
      "four",
      "three",
      "two",
      "one",
    ]);
    const stored = await db.query<{ seq: number }>(
      "SELECT seq::int AS seq FROM realtime_messages WHERE topic = $1 ORDER BY seq",
      [topic],
    );
    expect(stored.map((r) => r.seq)).toEqual(range(1, 4));
  });
});
