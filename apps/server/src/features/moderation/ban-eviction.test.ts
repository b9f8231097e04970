import { REALTIME_BAN_EVICTION_MS } from "@onstage/domain";
import { expect, test } from "vitest";
import type { UserRemoved } from "../../kernel/broadcast/lifecycle";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import { roomScene } from "../../testing/room-scene";

describeOnEachDatabase("a ban from the people panel reaches open connections and the stage", (use) => {
  const server = useListeningApp(use);

  test("a host's ban evicts the guest's open connection within 1 s and takes them off the stage now", async () => {
    const s = await roomScene(server().app.server, use());
    const guest = s.people.guest;
    const client = await RealtimeClient.connect(server().url, { cookie: guest.cookie, reconnection: false });
    expect((await client.subscribe(s.topics.session)).status).toBe("SUBSCRIBED");
    const removed: UserRemoved[] = [];
    const onRemoved = (r: UserRemoved) => removed.push(r);
    server().app.lifecycle.on("userRemoved", onRemoved);

    const bannedAt = Date.now();
    const res = await s.people.host.client.post("/api/event/ban", {
      user_id: guest.userId,
      event_id: s.event,
      organization_id: s.channel,
      ban_type: "event",
    });
    expect(res.statusCode).toBe(201);
    await eventually("the eviction", () => client.unsubscribed.length === 1, REALTIME_BAN_EVICTION_MS);
    expect(client.unsubscribed[0]).toMatchObject({ topic: s.topics.session, reason: "banned" });
    expect((client.unsubscribed[0]?.at ?? Infinity) - bannedAt).toBeLessThan(REALTIME_BAN_EVICTION_MS);
    // The stage feature re-checks its rooms on this signal instead of waiting for its 1 s tick.
    expect(removed).toEqual([{ userId: guest.userId, eventIds: [s.event] }]);
    server().app.lifecycle.off("userRemoved", onRemoved);
    client.close();
  });
});
