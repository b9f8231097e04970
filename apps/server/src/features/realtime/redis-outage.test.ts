import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { App } from "../../app";
import { freshDatabase } from "../../testing/databases";
import {
  eventually,
  listeningApp,
  RealtimeClient,
  RedisProcess,
  settle,
  uniquePublicUrl,
} from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";
import { publishChanges, range } from "../../testing/sample-messages";

// Issue 6 item 7: Redis stopped and started again during traffic, with a redis-server of the test's own.
describe("realtime while Redis goes away and comes back [postgres]", () => {
  const publicUrl = uniquePublicUrl();
  const origin = new URL(publicUrl).origin;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let scene: SessionScene;
  let redis: RedisProcess | undefined;
  const nodes: Array<{ app: App; url: string }> = [];
  const clients: RealtimeClient[] = [];

  beforeAll(async () => {
    database = await freshDatabase("postgres");
    scene = await sessionScene(database.db);
    redis = await RedisProcess.start();
    const redisUrl = redis.url;
    for (let i = 0; i < 2; i += 1) nodes.push(await listeningApp(database.db, { redisUrl, publicUrl }));
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const node of nodes) await node.app.server.close();
    await redis?.kill();
    await database?.drop();
  });

  const node = (i: number) => nodes[i] ?? (null as never);
  const connect = async (i: number) => {
    const client = await RealtimeClient.connect(node(i).url, {
      cookie: scene.people.guest.cookie,
      origin,
    });
    clients.push(client);
    return client;
  };
  const publishOnFirst = (topic: string, count: number) =>
    publishChanges(database.db, node(0).app.realtime.realtime, topic, count);

  test("each node keeps serving its own clients, the others catch up within seconds, and every message arrives exactly once", async () => {
    const topic = scene.topics.publicChat;
    const local = await connect(0);
    const remote = await connect(1);
    await local.subscribe(topic);
    await remote.subscribe(topic);
    await publishOnFirst(topic, 3);
    await eventually("the first three on both nodes", () => remote.seqs(topic).length === 3);

    await redis?.kill();
    await publishOnFirst(topic, 5);
    await eventually("local delivery without Redis", () => local.seqs(topic).length === 8);
    // Issue 23 §2.11: the other node reads what committed elsewhere on a timer while the bus is away.
    await eventually(
      "the other node's viewer keeps up without Redis",
      () => remote.seqs(topic).length === 8,
      // ioredis notices the loss first, then the timer reads (what committed in between too: bus-gap.test).
      10_000,
    );
    for (const { url } of nodes) expect((await fetch(`${url}/api/health`)).status).toBe(200);

    await redis?.restart();
    // Back, the bus makes clients resume (nothing left to fetch) and the copies it queued are dropped.
    await eventually(
      "the resume",
      () => remote.acks.some((a) => a.status === "SUBSCRIBED" && a.seq === 8),
      10_000,
    );
    await publishOnFirst(topic, 2);
    await eventually("live again", () => remote.seqs(topic).length === 10 && local.seqs(topic).length === 10);
    await settle(300);
    expect(local.seqs(topic)).toEqual(range(1, 10));
    expect(remote.seqs(topic)).toEqual(range(1, 10));
  });
});
