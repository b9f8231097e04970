import { expect, test } from "vitest";
import type { App } from "../../app";
import type { Database } from "../../platform/database";
import { TestClient } from "../../testing/client";
import { useCountingApp } from "../../testing/counting-database";
import { describeOnEachDatabase, describeOnPostgres } from "../../testing/databases";
import { given } from "../../testing/given";
import { eventually, useTwoNodes } from "../../testing/realtime";
import { clientOf } from "../../testing/registration";
import { PUBLIC_PAGE_TTL_MS } from "./public-pages";

/** An event with a host who edits it through the dashboard API. */
async function hostedEvent(db: Database, server: App["server"]) {
  const g = given(db);
  const channel = await g.channel();
  const hostId = await g.user();
  await g.member(channel, hostId, "owner");
  const eventId = await g.event(channel, { title: "Before" });
  await g.session(eventId);
  const [row] = await db.query<{ event_code: string }>("SELECT event_code FROM events WHERE id = $1", [
    eventId,
  ]);
  return { eventId, code: row?.event_code ?? "", host: await clientOf(server, db, hostId) };
}

const pageOf = async (server: App["server"], code: string) =>
  (await new TestClient(server).get(`/api/events/by-code/${code}`)).json();

describeOnEachDatabase("the event page cache on one node", (use) => {
  const { app, queries } = useCountingApp(use);
  const server = () => app().server;

  test("a visitor's second read of an event page costs no query", async () => {
    const { code } = await hostedEvent(use(), server());
    await pageOf(server(), code);
    queries.length = 0;
    expect((await pageOf(server(), code)).event.title).toBe("Before");
    expect(queries).toEqual([]);
  });

  test("a signed-in viewer's second read of an event page costs no query either", async () => {
    const { code, host } = await hostedEvent(use(), server());
    await host.get(`/api/events/by-code/${code}`);
    queries.length = 0;
    expect((await host.get(`/api/events/by-code/${code}`)).json().viewer.orgRole).toBe("owner");
    expect(queries).toEqual([]);
  });

  test("a title changed in the dashboard shows at once", async () => {
    const { eventId, code, host } = await hostedEvent(use(), server());
    expect((await pageOf(server(), code)).event.title).toBe("Before");
    expect((await host.patch(`/api/dash/events/${eventId}`, { title: "After" })).statusCode).toBe(200);
    expect((await pageOf(server(), code)).event.title).toBe("After");
  });

  test("a registration counts at once", async () => {
    const { eventId, code } = await hostedEvent(use(), server());
    expect((await pageOf(server(), code)).registeredCount).toBe(0);
    const attendee = await clientOf(server(), use(), await given(use()).user());
    expect((await attendee.post("/api/events/register", { event_id: eventId })).statusCode).toBe(201);
    expect((await pageOf(server(), code)).registeredCount).toBe(1);
  });

  test("a signed-in viewer gets their own standing, never the visitors' page", async () => {
    const { code, host } = await hostedEvent(use(), server());
    await pageOf(server(), code);
    const page = (await host.get(`/api/events/by-code/${code}`)).json();
    expect(page.viewer.orgRole).toBe("owner");
  });
});

describeOnPostgres("the event page cache across nodes over Redis", (use) => {
  const nodes = useTwoNodes(use);

  test("a title changed on one node shows on another well within the cache's TTL", async () => {
    const [first, second] = nodes();
    const { eventId, code, host } = await hostedEvent(use(), first.server);
    expect((await pageOf(second.server, code)).event.title).toBe("Before");
    expect((await host.patch(`/api/dash/events/${eventId}`, { title: "After" })).statusCode).toBe(200);
    await eventually(
      "the second node's page",
      async () => (await pageOf(second.server, code)).event.title === "After",
      PUBLIC_PAGE_TTL_MS / 3,
    );
  });
});
