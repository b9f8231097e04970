import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";

describeOnEachDatabase("the track() port", (use) => {
  const app = useTestApp(use);

  test("records an analytics event with its ids and properties", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const user = await g.user();
    await app().tracker.track("event-registration", {
      userId: user,
      eventId: event,
      priority: "high",
      properties: { utm_source: "x" },
    });
    const rows = await db.query(
      "SELECT name, priority, user_id, event_id, properties FROM analytics_events WHERE event_id = $1",
      [event],
    );
    expect(rows).toEqual([
      {
        name: "event-registration",
        priority: "high",
        user_id: user,
        event_id: event,
        properties: { utm_source: "x" },
      },
    ]);
  });

  test("inside a transaction it rolls back with the change it describes", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    await expect(
      db.transaction(async (tx) => {
        await app().tracker.track("event-register", { eventId: event }, tx);
        throw new Error("registration failed");
      }),
    ).rejects.toThrow("registration failed");
    expect(await db.query("SELECT 1 FROM analytics_events WHERE event_id = $1", [event])).toHaveLength(0);
  });

  test("outside a transaction a failure to record never fails the caller", async () => {
    await expect(app().tracker.track("event-register", { eventId: 999_999_999 })).resolves.toBeUndefined();
  });
});
