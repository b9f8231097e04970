import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientOf, topicMessages } from "../../testing/room-scene";

describeOnEachDatabase("the registered count on the event topic", (use) => {
  const app = useTestApp(use);

  test("each new registration broadcasts the new count once; a repeat broadcasts nothing", async () => {
    const g = given(use());
    const event = await g.event(await g.channel());
    await g.registration(event, await g.user());
    const register = async (userId: number) =>
      (await clientOf(app().server, use(), userId)).post("/api/events/register", { event_id: event });
    const ada = await g.user({ email_verified_at: new Date() });
    expect((await register(ada)).statusCode).toBe(201);
    expect((await register(ada)).statusCode).toBe(200);
    expect((await register(await g.user())).statusCode).toBe(201);
    expect(await topicMessages(use(), `event:${event}`)).toEqual([
      {
        seq: 1,
        kind: "broadcast",
        event: "registration.created",
        table_name: null,
        payload: { registeredCount: 2 },
      },
      {
        seq: 2,
        kind: "broadcast",
        event: "registration.created",
        table_name: null,
        payload: { registeredCount: 3 },
      },
    ]);
  });

  test("leaving an event broadcasts the lower count; leaving twice broadcasts nothing more", async () => {
    const g = given(use());
    const channel = await g.channel();
    const event = await g.event(channel);
    await g.registration(event, await g.user());
    const ada = await g.user({ email_verified_at: new Date() });
    const client = await clientOf(app().server, use(), ada);
    expect((await client.post("/api/events/register", { event_id: event })).statusCode).toBe(201);
    const leave = { user_to_unregister_id: ada, event_id: event, organization_id: channel, type: "event" };
    for (let i = 0; i < 2; i += 1) {
      expect((await client.post("/api/events/unregister-user", leave)).statusCode).toBeLessThan(300);
    }
    const messages = await topicMessages(use(), `event:${event}`);
    expect(messages.map((m) => [m.event, m.payload])).toEqual([
      ["registration.created", { registeredCount: 2 }],
      ["registration.deleted", { registeredCount: 1 }],
    ]);
  });
});
