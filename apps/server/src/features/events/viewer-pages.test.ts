import type { FastifyInstance } from "fastify";
import { expect, test } from "vitest";
import type { Database } from "../../platform/database";
import { useTestApp } from "../../testing/app";
import type { TestClient } from "../../testing/client";
import { describeOnEachDatabase, describeOnPostgres } from "../../testing/databases";
import { given } from "../../testing/given";
import { eventually, useTwoNodes } from "../../testing/realtime";
import { clientOf } from "../../testing/registration";
import { stateOf, stubWebBuild } from "../../testing/web-build";
import { PUBLIC_PAGE_TTL_MS } from "./public-pages";

// Issue 14: a signed-in viewer's event page (API answer and landing page) is kept per node and viewer;
// every change of what they are to the event must show on their next request, never after the TTL.

const webDist = await stubWebBuild();

/** A channel with an owner, an event with a session, and a signed-in guest who has opened nothing yet. */
async function scene(server: FastifyInstance, db: Database) {
  const g = given(db);
  const channel = await g.channel();
  const ownerId = await g.user();
  await g.member(channel, ownerId, "owner");
  const newEvent = async () => {
    const eventId = await g.event(channel);
    await g.session(eventId);
    const [row] = await db.query<{ event_code: string }>("SELECT event_code FROM events WHERE id = $1", [
      eventId,
    ]);
    return { eventId, code: row?.event_code ?? "" };
  };
  const guestId = await g.user();
  return {
    g,
    channel,
    owner: await clientOf(server, db, ownerId),
    guestId,
    guest: await clientOf(server, db, guestId),
    event: await newEvent(),
    newEvent,
  };
}

/** What the viewer is to the event, from the API answer and from the landing page's embedded data. */
async function viewerOn(client: TestClient, code: string) {
  const api = await client.get(`/api/events/by-code/${code}`);
  const page = await client.get(`/c/${code}`);
  expect(api.statusCode).toBe(200);
  expect(page.statusCode).toBe(200);
  const embedded = stateOf(page.body).data.eventPage.data.viewer;
  expect(embedded).toEqual(api.json().viewer);
  return embedded;
}

describeOnEachDatabase("a signed-in viewer's cached event page", (use) => {
  const app = useTestApp(use, { webDist });
  const server = () => app().server;

  test("a registration and an unregistration show at once", async () => {
    const s = await scene(server(), use());
    expect((await viewerOn(s.guest, s.event.code)).isRegistered).toBe(false);
    expect((await s.guest.post("/api/events/register", { event_id: s.event.eventId })).statusCode).toBe(201);
    expect((await viewerOn(s.guest, s.event.code)).isRegistered).toBe(true);
    const leave = await s.guest.post("/api/events/unregister-user", {
      type: "event",
      event_id: s.event.eventId,
      organization_id: s.channel,
      user_to_unregister_id: s.guestId,
    });
    expect(leave.statusCode).toBeLessThan(300);
    expect((await viewerOn(s.guest, s.event.code)).isRegistered).toBe(false);
  });

  test("an event role given by the host shows at once", async () => {
    const s = await scene(server(), use());
    await s.guest.post("/api/events/register", { event_id: s.event.eventId });
    expect((await viewerOn(s.guest, s.event.code)).eventRole).toBe("guest");
    const role = { user_id: s.guestId, event_id: s.event.eventId, event_role_fkey: "moderator" };
    expect((await s.owner.post("/api/event/update-role", role)).statusCode).toBeLessThan(300);
    expect((await viewerOn(s.guest, s.event.code)).eventRole).toBe("moderator");
  });

  test("a channel role given, changed or taken shows at once on every event of the channel", async () => {
    const s = await scene(server(), use());
    const other = await s.newEvent();
    await s.g.member(s.channel, s.guestId, "member");
    expect((await viewerOn(s.guest, s.event.code)).orgRole).toBe("member");
    expect((await viewerOn(s.guest, other.code)).orgRole).toBe("member");
    const member = `/api/channels/${s.channel}/members/${s.guestId}`;
    expect((await s.owner.patch(member, { role: "admin" })).statusCode).toBe(200);
    expect((await viewerOn(s.guest, s.event.code)).orgRole).toBe("admin");
    expect((await viewerOn(s.guest, other.code)).orgRole).toBe("admin");
    expect((await s.owner.request("DELETE", member)).statusCode).toBe(204);
    expect((await viewerOn(s.guest, other.code)).orgRole).toBe(null);
  });

  test("a ban, a channel ban and its lifting show at once on every event they cover", async () => {
    const s = await scene(server(), use());
    const other = await s.newEvent();
    const ban = { user_id: s.guestId, event_id: s.event.eventId, organization_id: s.channel };
    expect((await viewerOn(s.guest, s.event.code)).isBanned).toBe(false);
    expect((await viewerOn(s.guest, other.code)).isBanned).toBe(false);
    const eventBan = await s.owner.post("/api/event/ban", { ...ban, ban_type: "event" });
    expect(eventBan.statusCode).toBeLessThan(300);
    expect((await viewerOn(s.guest, s.event.code)).isBanned).toBe(true);
    expect((await viewerOn(s.guest, other.code)).isBanned).toBe(false);
    const channelBan = await s.owner.post("/api/event/ban", { ...ban, ban_type: "organization" });
    expect((await viewerOn(s.guest, other.code)).isBanned).toBe(true);
    const unban = { ban_id: channelBan.json().banId, organization_id: s.channel };
    expect((await s.owner.post("/api/channel/unban", unban)).statusCode).toBeLessThan(300);
    expect((await viewerOn(s.guest, other.code)).isBanned).toBe(false);
  });

  test("each viewer gets their own page, never another's", async () => {
    const s = await scene(server(), use());
    await s.guest.post("/api/events/register", { event_id: s.event.eventId });
    const owner = await viewerOn(s.owner, s.event.code);
    const guest = await viewerOn(s.guest, s.event.code);
    expect([owner.orgRole, owner.isRegistered]).toEqual(["owner", false]);
    expect([guest.userId, guest.orgRole, guest.isRegistered]).toEqual([s.guestId, null, true]);
    expect((await viewerOn(s.owner, s.event.code)).userId).not.toBe(s.guestId);
    const page = await s.guest.get(`/c/${s.event.code}`);
    expect(stateOf(page.body).data.me.user.id).toBe(s.guestId);
    expect(page.headers["cache-control"]).toBe("no-store");
  });

  test("signed out, the same browser gets the visitors' page at once", async () => {
    const s = await scene(server(), use());
    expect((await viewerOn(s.guest, s.event.code)).userId).toBe(s.guestId);
    expect((await s.guest.post("/api/auth/logout")).statusCode).toBeLessThan(300);
    expect(await viewerOn(s.guest, s.event.code)).toMatchObject({ userId: null, isRegistered: false });
    const page = await s.guest.get(`/c/${s.event.code}`);
    expect(stateOf(page.body).data.me).toEqual({ user: null });
  });
});

describeOnPostgres("a signed-in viewer's cached event page across nodes over Redis", (use) => {
  const nodes = useTwoNodes(use);
  const viewerVia = async (node: FastifyInstance, client: TestClient, code: string) => {
    const res = await node.inject({
      method: "GET",
      url: `/api/events/by-code/${code}`,
      headers: { cookie: client.cookieHeader },
    });
    return res.json().viewer;
  };

  test("a registration and a channel role change made on one node show on another well within the TTL", async () => {
    const [first, second] = nodes();
    const s = await scene(first.server, use());
    await s.g.member(s.channel, s.guestId, "member");
    expect((await viewerVia(second.server, s.guest, s.event.code)).isRegistered).toBe(false);
    expect((await s.guest.post("/api/events/register", { event_id: s.event.eventId })).statusCode).toBe(201);
    await eventually(
      "the registration on the second node",
      async () => (await viewerVia(second.server, s.guest, s.event.code)).isRegistered === true,
      PUBLIC_PAGE_TTL_MS / 3,
    );
    const member = `/api/channels/${s.channel}/members/${s.guestId}`;
    expect((await s.owner.patch(member, { role: "admin" })).statusCode).toBe(200);
    await eventually(
      "the channel role on the second node",
      async () => (await viewerVia(second.server, s.guest, s.event.code)).orgRole === "admin",
      PUBLIC_PAGE_TTL_MS / 3,
    );
  });
});
