import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientOf, errorCode, newAttendee, registrationCount } from "../../testing/registration";

const UNREGISTER = "/api/events/unregister-user";

describeOnEachDatabase("POST /api/events/unregister-user", (use) => {
  const app = useTestApp(use);

  /** A channel with an event, a host (event role) and a registered guest. */
  async function scene(eventFields: Record<string, unknown> = {}) {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel, eventFields);
    const host = await g.user();
    await g.role(event, host, "host");
    const guest = await g.user();
    await g.registration(event, guest);
    await g.role(event, guest, "guest");
    return { db, g, channel, event, host, guest };
  }
  const roleOf = async (eventId: number, userId: number) =>
    (
      await use().query<{ event_role: string }>(
        "SELECT event_role FROM events_users_roles WHERE event_id = $1 AND user_id = $2",
        [eventId, userId],
      )
    )[0]?.event_role ?? null;

  test.each([
    { case: "anonymous", actor: "anonymous", target: "guest", status: 401, code: "unauthorized" },
    {
      case: "a guest removing another guest",
      actor: "otherGuest",
      target: "guest",
      status: 403,
      code: "forbidden",
    },
    {
      case: "a moderator removing a guest",
      actor: "moderator",
      target: "guest",
      status: 403,
      code: "forbidden",
    },
    {
      case: "the wrong channel",
      actor: "host",
      target: "guest",
      org: "other",
      status: 404,
      code: "event_not_found",
    },
    {
      case: "no event id for an event",
      actor: "host",
      target: "guest",
      noEvent: true,
      status: 400,
      code: "missing_required_data",
    },
    { case: "a host removing a speaker", actor: "host", target: "speaker", status: 409, code: "not_guest" },
    {
      case: "a host removing a channel member",
      actor: "host",
      target: "member",
      status: 409,
      code: "channel_member",
    },
    { case: "a host removing a guest", actor: "host", target: "guest", status: 204, code: undefined },
    {
      case: "a channel admin removing a guest",
      actor: "admin",
      target: "guest",
      status: 204,
      code: undefined,
    },
  ])("refusal table: $case → $status", async ({ actor, target, org, noEvent, status, code }) => {
    const { db, g, channel, event, host, guest } = await scene();
    const people: Record<string, number> = { host, guest, otherGuest: await g.user() };
    people.moderator = await g.user();
    await g.role(event, people.moderator, "moderator");
    people.speaker = await g.user();
    await g.role(event, people.speaker, "speaker");
    await g.registration(event, people.speaker);
    people.member = await g.user();
    await g.member(channel, people.member, "member");
    people.admin = await g.user();
    await g.member(channel, people.admin, "admin");
    const actorId = people[actor];
    const client =
      actorId === undefined ? new TestClient(app().server) : await clientOf(app().server, db, actorId);
    const targetId = people[target] ?? 0;
    const res = await client.post(UNREGISTER, {
      user_to_unregister_id: targetId,
      ...(noEvent ? {} : { event_id: event }),
      organization_id: org === "other" ? await g.channel() : channel,
      type: "event",
    });
    expect(res.statusCode).toBe(status);
    expect(res.statusCode === 204 ? undefined : errorCode(res)).toBe(code);
    const stillRegistered = (
      await db.query("SELECT 1 FROM event_registrations WHERE event_id = $1 AND user_id = $2", [
        event,
        targetId,
      ])
    ).length;
    expect(stillRegistered).toBe(status === 204 || target === "member" ? 0 : 1);
  });

  test("a host's removal deletes the registration and guest role and is tracked; a repeat changes nothing", async () => {
    const { db, channel, event, host, guest } = await scene();
    const client = await clientOf(app().server, db, host);
    const body = { user_to_unregister_id: guest, event_id: event, organization_id: channel, type: "event" };
    expect((await client.post(UNREGISTER, body)).statusCode).toBe(204);
    expect(await roleOf(event, guest)).toBeNull();
    expect(await registrationCount(db, event)).toBe(0);
    expect((await client.post(UNREGISTER, body)).statusCode).toBe(204);
    const tracked = await db.query(
      "SELECT user_id, properties FROM analytics_events WHERE name = 'event-unregister-by-host' AND event_id = $1",
      [event],
    );
    expect(tracked).toEqual([{ user_id: host, properties: { unregisteredUserId: guest, type: "event" } }]);
  });

  test("users unregister themselves, keeping any team role, unless the event hides unregistering", async () => {
    const { db, g, channel, event } = await scene();
    const speaker = await newAttendee(app().server, db);
    await g.role(event, speaker.userId, "speaker");
    await g.registration(event, speaker.userId);
    const self = {
      user_to_unregister_id: speaker.userId,
      event_id: event,
      organization_id: channel,
      type: "event",
    };
    expect((await speaker.client.post(UNREGISTER, self)).statusCode).toBe(204);
    expect(await roleOf(event, speaker.userId)).toBe("speaker");

    const hidden = await scene({ hide_unregister: true });
    const guest = await clientOf(app().server, db, hidden.guest);
    const res = await guest.post(UNREGISTER, {
      user_to_unregister_id: hidden.guest,
      event_id: hidden.event,
      organization_id: hidden.channel,
      type: "event",
    });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe("hide_unregister");
    expect(await registrationCount(db, hidden.event)).toBe(1);
  });

  test("a channel owner removes a guest from every event of the channel where Remove Attendee holds", async () => {
    const { db, g, channel, event, guest } = await scene();
    const second = await g.event(channel);
    await g.registration(second, guest);
    const hidden = await g.event(channel, { hide_unregister: true });
    await g.registration(hidden, guest);
    const speaking = await g.event(channel);
    await g.registration(speaking, guest);
    await g.role(speaking, guest, "speaker");
    const elsewhere = await g.event(await g.channel());
    await g.registration(elsewhere, guest);
    const owner = await g.user();
    await g.member(channel, owner, "owner");
    const body = { user_to_unregister_id: guest, organization_id: channel, type: "channel" };

    const member = await g.user();
    await g.member(channel, member, "member");
    const refused = await (await clientOf(app().server, db, member)).post(UNREGISTER, body);
    expect(refused.statusCode).toBe(403);

    const res = await (await clientOf(app().server, db, owner)).post(UNREGISTER, body);
    expect(res.statusCode).toBe(204);
    const left = await db.query<{ event_id: number }>(
      "SELECT event_id FROM event_registrations WHERE user_id = $1 ORDER BY event_id",
      [guest],
    );
    expect(left.map((r) => r.event_id)).toEqual([hidden, speaking, elsewhere]);
    expect(await roleOf(event, guest)).toBeNull();
  });
});
