import { REALTIME_BAN_EVICTION_MS, RealtimeEvents } from "@onstage/domain";
import { beforeAll, expect, test } from "vitest";
import { signedIn } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { eventually, RealtimeClient, settle, useListeningApp } from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";
import { publishChanges } from "../../testing/sample-messages";
import { topicSeq } from "./queries";

describeOnEachDatabase("realtime: presence rate and bans", (use) => {
  const server = useListeningApp(use);
  let scene: SessionScene;
  beforeAll(async () => {
    scene = await sessionScene(use());
  });
  const connect = (cookie = scene.people.guest.cookie) =>
    RealtimeClient.connect(server().url, { cookie, reconnection: false });
  const publish = (topic: string, count: number) =>
    publishChanges(use(), server().app.realtime.realtime, topic, count);

  test("presence above 5 a second: 'Too many presence messages per second', retry after 3 s", async () => {
    const client = await connect(scene.people.moderator.cookie);
    const beat = () => client.emitWithAck(RealtimeEvents.presence, { sessionId: scene.session });
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await beat());
    expect(answers.slice(0, 5)).toEqual(Array(5).fill({ status: "ok" }));
    expect(answers[5]).toEqual({
      status: "error",
      error: {
        code: "rate_limit_exceeded",
        message: "Too many presence messages per second",
        retryAfterMs: 3000,
      },
    });
    client.close();
  });

  test("a ban while connected: evicted from the event's topics before the ban commits, and no way back in", async () => {
    const db = use();
    const g = given(db);
    const userId = await g.user();
    await g.registration(scene.event, userId);
    await g.role(scene.event, userId, "guest");
    const { cookie } = await signedIn(db, userId);
    const client = await connect(cookie);
    const { topics } = scene;
    const eventTopics = [topics.event, topics.session, topics.publicChat, topics.presence];
    const seqs = new Map<string, number>();
    for (const topic of eventTopics) {
      const ack = await client.subscribe(topic);
      if (ack.status === "SUBSCRIBED") seqs.set(topic, ack.seq);
    }
    expect(seqs.size).toBe(4);
    expect((await client.subscribe(`user:${userId}`)).status).toBe("SUBSCRIBED");

    // Issue 23 §2.9: the host bans through the API. Whatever was committed before the ban may still be on
    // its way (an earlier test's presence, say); nothing committed with the ban or after it may arrive.
    const host = new TestClient(server().app.server);
    const [name, value] = scene.people.host.cookie.split("=") as [string, string];
    host.setCookie(name, value);
    const before = new Map(
      await Promise.all(eventTopics.map(async (t) => [t, await topicSeq(db, t)] as const)),
    );
    const ban = await host.post("/api/event/ban", {
      user_id: userId,
      event_id: scene.event,
      organization_id: scene.channel,
      ban_type: "event",
    });
    expect(ban.statusCode).toBe(201);
    // The ban's own messages and one more on each topic, all committed after the eviction.
    for (const topic of eventTopics) await publish(topic, 1);
    await eventually("the evictions", () => client.unsubscribed.length === 4, REALTIME_BAN_EVICTION_MS);
    expect(client.unsubscribed.map((u) => u.topic).sort()).toEqual([...eventTopics].sort());
    expect(client.unsubscribed.every((u) => u.reason === "banned")).toBe(true);
    await settle();
    const afterBan = client.received.filter((m) => m.seq > (before.get(m.topic) ?? Number.POSITIVE_INFINITY));
    expect(afterBan).toEqual([]);
    expect(client.received.filter((m) => m.topic === `user:${userId}`).map((m) => m.event)).toEqual([
      "banned",
    ]);

    // Resuming the old subscription, a new connection, a new sign-in of the same account: all refused.
    const refusal = { status: "CHANNEL_ERROR", error: { code: "banned" } };
    expect(await client.subscribe(topics.publicChat, seqs.get(topics.publicChat))).toMatchObject(refusal);
    const fresh = await connect(cookie);
    expect(await fresh.subscribe(topics.publicChat)).toMatchObject(refusal);
    const again = await connect((await signedIn(db, userId)).cookie);
    expect(await again.subscribe(topics.event)).toMatchObject(refusal);
    for (const c of [client, fresh, again]) c.close();
  });

  test.each([
    { route: "/api/auth/logout", closes: "that session's connections" },
    { route: "/api/auth/logout-everywhere", closes: "every connection of the user" },
  ])(
    "signing out at $route closes $closes; the cookie no longer opens the user's topics",
    async ({ route }) => {
      const db = use();
      const userId = await given(db).user();
      const [signedOut, otherSession] = [await signedIn(db, userId), await signedIn(db, userId)];
      const [client, other] = [await connect(signedOut.cookie), await connect(otherSession.cookie)];
      expect((await client.subscribe(`user:${userId}`)).status).toBe("SUBSCRIBED");
      const [name, value] = signedOut.cookie.split("=") as [string, string];
      const http = new TestClient(server().app.server);
      http.setCookie(name, value);
      expect((await http.post(route)).statusCode).toBe(204);
      await eventually("the signed-out connection closes", () => !client.connected, 1_000);
      await settle();
      expect(other.connected).toBe(route === "/api/auth/logout");
      const after = await connect(signedOut.cookie);
      expect(await after.subscribe(`user:${userId}`)).toMatchObject({ error: { code: "no_token" } });
      for (const c of [client, other, after]) c.close();
    },
  );
});
