import { CHANNEL_MEMBER_ROLE_MESSAGE } from "@onstage/domain";
import { expect, test } from "vitest";
import { insertRow } from "../../platform/database/insert";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roomScene, topicMessages } from "../../testing/room-scene";

// Issue 12 items 7 and 8: the Role menu, the channel's banned users and the moderation audit log, by role.

const ROLE = "/api/event/update-role";
const AUDIT = "/api/channel/moderation-audit";
const BANS = "/api/channel/bans";

/** The scene's people plus the rest of the role matrix: a channel admin, a speaker of the other session, a banned guest. */
async function fullScene(s: RoomScene) {
  const admin = await s.person((u) => s.g.member(s.channel, u, "admin"));
  const otherSpeaker = await s.person((u) => s.g.speaker(s.event, u, [s.otherSession]));
  const banned = await s.person(async (u) => {
    await s.registered(u);
    await s.g.ban(u, s.channel, { ban_type: "event", event_id: s.event });
  });
  return { ...s.people, admin, otherSpeaker, banned };
}
type Actor = keyof Awaited<ReturnType<typeof fullScene>> | "visitor";

describeOnEachDatabase("people tools: role changes, banned users, audit log", (use) => {
  const app = useTestApp(use);
  const scene = async () => {
    const s = await roomScene(app().server, use());
    return { s, people: await fullScene(s) };
  };
  const clientOf = (ctx: Awaited<ReturnType<typeof scene>>, actor: Actor) =>
    actor === "visitor" ? ctx.s.visitor : ctx.people[actor].client;
  const roleOf = async (eventId: number, userId: number) =>
    (
      await use().query<{ event_role: string }>(
        "SELECT event_role FROM events_users_roles WHERE event_id = $1 AND user_id = $2",
        [eventId, userId],
      )
    )[0]?.event_role ?? null;
  const auditRows = (organizationId: number) =>
    use().query<{ action: string; actor_id: number; target_user_id: number; event_id: number | null }>(
      "SELECT action, actor_id, target_user_id, event_id FROM moderation_audit WHERE organization_id = $1 ORDER BY id",
      [organizationId],
    );

  test.each([
    { actor: "visitor", status: 401, code: "unauthorized" },
    { actor: "guest", status: 403, code: "forbidden" },
    { actor: "banned", status: 403, code: "forbidden" },
    { actor: "speaker", status: 403, code: "forbidden" },
    { actor: "otherSpeaker", status: 403, code: "forbidden" },
    { actor: "moderator", status: 403, code: "forbidden" },
    { actor: "host", status: 200 },
    { actor: "admin", status: 200 },
    { actor: "member", status: 200 },
    { actor: "owner", status: 200 },
  ] as { actor: Actor; status: number; code?: string }[])(
    "a role change by $actor → $status",
    async ({ actor, status, code }) => {
      const ctx = await scene();
      const target = ctx.people.otherGuest.userId;
      const res = await clientOf(ctx, actor).post(ROLE, {
        user_id: target,
        event_id: ctx.s.event,
        event_role_fkey: "moderator",
      });
      expect(res.statusCode).toBe(status);
      expect(errorCode(res)).toBe(code);
      expect(await roleOf(ctx.s.event, target)).toBe(status === 200 ? "moderator" : "guest");
      expect((await auditRows(ctx.s.channel)).filter((r) => r.action === "role_change")).toHaveLength(
        status === 200 ? 1 : 0,
      );
    },
  );

  test.each([
    {
      case: "'admin' for a non-member by an event host",
      actor: "host",
      role: "admin",
      status: 409,
      code: "role_not_offered",
    },
    { case: "'admin' by a channel member", actor: "member", role: "admin", status: 200 },
    { case: "the role they already have", actor: "host", role: "guest", status: 409, code: "unchanged" },
    {
      case: "a channel member's role",
      actor: "owner",
      target: "member",
      role: "guest",
      status: 409,
      code: "channel_member",
    },
    {
      case: "a banned user's role",
      actor: "host",
      target: "banned",
      role: "speaker",
      status: 403,
      code: "forbidden",
    },
    { case: "one's own role", actor: "host", target: "host", role: "guest", status: 409, code: "self" },
    {
      case: "'owner', never assignable",
      actor: "owner",
      role: "owner",
      status: 409,
      code: "role_not_offered",
    },
    { case: "an unknown role", actor: "host", role: "king", status: 400, code: "invalid_request" },
  ] as { case: string; actor: Actor; target?: Actor; role: string; status: number; code?: string }[])(
    "$case → $status",
    async ({ actor, target, role, status, code }) => {
      const ctx = await scene();
      const targetId = ctx.people[(target ?? "guest") as Exclude<Actor, "visitor">].userId;
      const before = await roleOf(ctx.s.event, targetId);
      const res = await clientOf(ctx, actor).post(ROLE, {
        user_id: targetId,
        event_id: ctx.s.event,
        event_role_fkey: role,
      });
      expect(res.statusCode).toBe(status);
      expect(errorCode(res)).toBe(code);
      if (code === "channel_member") expect(res.json().error.message).toBe(CHANNEL_MEMBER_ROLE_MESSAGE);
      expect(await roleOf(ctx.s.event, targetId)).toBe(status === 200 ? role : before);
    },
  );

  test("a pending hand raise hides the Role menu; another event's host cannot change roles here", async () => {
    const ctx = await scene();
    const { s, people } = ctx;
    await insertRow(use(), "video_session_intents", {
      video_session_id: s.session,
      user_id: people.guest.userId,
      intent_type: "hand_raised",
    });
    const body = (userId: number, eventId = s.event) => ({
      user_id: userId,
      event_id: eventId,
      event_role_fkey: "speaker",
    });
    expect(errorCode(await people.host.client.post(ROLE, body(people.guest.userId)))).toBe("forbidden");
    const otherEvent = await s.g.event(s.channel);
    await s.g.registration(otherEvent, people.otherGuest.userId);
    expect(errorCode(await people.host.client.post(ROLE, body(people.otherGuest.userId, otherEvent)))).toBe(
      "forbidden",
    );
    expect(await roleOf(otherEvent, people.otherGuest.userId)).toBeNull();
  });

  test("a new speaker speaks in the named session, of this event only; the people lists hear of it", async () => {
    const { s, people } = await scene();
    const foreign = await s.g.session(await s.g.event(s.channel));
    const body = (sessionId: number) => ({
      user_id: people.guest.userId,
      event_id: s.event,
      event_role_fkey: "speaker",
      video_session_id: sessionId,
    });
    expect(errorCode(await people.host.client.post(ROLE, body(foreign)))).toBe("session_not_found");
    expect((await people.host.client.post(ROLE, body(s.session))).statusCode).toBe(200);
    const [row] = await use().query<{ video_session_ids: (string | number)[] }>(
      "SELECT video_session_ids FROM events_users_roles WHERE event_id = $1 AND user_id = $2",
      [s.event, people.guest.userId],
    );
    expect(row?.video_session_ids.map(Number)).toEqual([s.session]);
    expect((await topicMessages(use(), s.topics.event)).map((m) => [m.event, m.payload])).toEqual([
      ["people.changed", { userId: people.guest.userId }],
    ]);
  });

  test.each([
    { actor: "visitor", status: 401 },
    { actor: "guest", status: 403 },
    { actor: "banned", status: 403 },
    { actor: "speaker", status: 403 },
    { actor: "otherSpeaker", status: 403 },
    { actor: "moderator", status: 403 },
    { actor: "host", status: 403 },
    { actor: "member", status: 403 },
    { actor: "admin", status: 200 },
    { actor: "owner", status: 200 },
  ] as { actor: Actor; status: number }[])(
    "the audit log and banned users read by $actor → $status",
    async ({ actor, status }) => {
      const ctx = await scene();
      const client = clientOf(ctx, actor);
      const query = `?organization_id=${ctx.s.channel}`;
      expect((await client.get(`${AUDIT}${query}`)).statusCode).toBe(status);
      expect((await client.get(`${BANS}${query}`)).statusCode).toBe(status);
    },
  );

  test("another channel's owner reads nothing of this channel", async () => {
    const { s } = await scene();
    const stranger = await s.person(async (u) => s.g.member(await s.g.channel(), u, "owner"));
    expect(errorCode(await stranger.client.get(`${AUDIT}?organization_id=${s.channel}`))).toBe("forbidden");
    expect(errorCode(await stranger.client.get(`${BANS}?organization_id=${s.channel}`))).toBe("forbidden");
  });

  test("every moderation action is audited: who, whom, what, where; the owner reads it newest first", async () => {
    const { s, people } = await scene();
    const base = { event_id: s.event, organization_id: s.channel };
    const ban = (who: "host" | "owner", userId: number, fields: Record<string, unknown>) =>
      people[who].client.post("/api/event/ban", { ...base, user_id: userId, ...fields });
    const shadow = (await ban("host", people.guest.userId, { ban_type: "event", shadow: true })).json();
    await ban("host", people.guest.userId, { ban_type: "event" });
    await ban("owner", people.unverified.userId, { ban_type: "organization" });
    await people.host.client.post("/api/event/unban", { ...base, ban_id: shadow.banId });
    const role = (who: "host" | "guest", event_role_fkey: string) =>
      people[who].client.post(ROLE, {
        event_id: s.event,
        user_id: people.otherGuest.userId,
        event_role_fkey,
      });
    expect((await role("host", "speaker")).statusCode).toBe(200);
    expect((await role("host", "guest")).statusCode).toBe(200);
    const removed = await people.host.client.post("/api/events/unregister-user", {
      ...base,
      user_to_unregister_id: people.otherGuest.userId,
      type: "event",
    });
    expect(removed.statusCode).toBe(204);
    // Refused actions leave no trace.
    expect((await role("guest", "host")).statusCode).toBe(403);

    const { host, owner, guest, unverified, otherGuest } = people;
    expect(await auditRows(s.channel)).toEqual([
      { action: "shadow_ban", actor_id: host.userId, target_user_id: guest.userId, event_id: s.event },
      { action: "ban", actor_id: host.userId, target_user_id: guest.userId, event_id: s.event },
      { action: "channel_ban", actor_id: owner.userId, target_user_id: unverified.userId, event_id: s.event },
      { action: "unban", actor_id: host.userId, target_user_id: guest.userId, event_id: s.event },
      { action: "role_change", actor_id: host.userId, target_user_id: otherGuest.userId, event_id: s.event },
      { action: "role_change", actor_id: host.userId, target_user_id: otherGuest.userId, event_id: s.event },
      {
        action: "remove_attendee",
        actor_id: host.userId,
        target_user_id: otherGuest.userId,
        event_id: s.event,
      },
    ]);
    const read = (await owner.client.get(`${AUDIT}?organization_id=${s.channel}`)).json();
    expect(read.hasMore).toBe(false);
    expect(read.entries.map((e: { action: string }) => e.action)).toEqual([
      "remove_attendee",
      "role_change",
      "role_change",
      "unban",
      "channel_ban",
      "ban",
      "shadow_ban",
    ]);
    expect(read.entries[1]).toMatchObject({
      actor: { userId: host.userId },
      target: { userId: otherGuest.userId },
      event: { id: s.event },
      details: { from: "speaker", to: "guest" },
    });
  });

  test("the channel's banned users: searchable, who and when; the owner unbans any of them", async () => {
    const { s, people } = await scene();
    const zed = await s.person((u) => s.registered(u), {
      first_name: "Zed",
      last_name: "Quill",
      email: "zed.q@example.test",
      email_verified_at: new Date(),
    });
    const base = { event_id: s.event, organization_id: s.channel };
    const { banId } = (
      await people.host.client.post("/api/event/ban", { ...base, user_id: zed.userId, ban_type: "event" })
    ).json();
    const list = async (search = "") =>
      (
        await people.owner.client.get(
          `${BANS}?organization_id=${s.channel}&search=${encodeURIComponent(search)}`,
        )
      ).json();
    // The fixture's banned guest and Zed.
    expect((await list()).bans).toHaveLength(2);
    const found = await list("quil");
    expect(found.bans).toEqual([
      expect.objectContaining({
        banId,
        user: { userId: zed.userId, name: "Zed Quill" },
        banType: "event",
        event: { id: s.event, title: expect.any(String) },
        bannedBy: expect.objectContaining({ userId: people.host.userId }),
      }),
    ]);
    expect((await list("zed.q@")).bans).toHaveLength(1);
    expect((await list("%")).bans).toHaveLength(0);

    const unban = (who: "host" | "owner", fields: Record<string, unknown> = {}) =>
      people[who].client.post("/api/channel/unban", { ban_id: banId, organization_id: s.channel, ...fields });
    expect(errorCode(await unban("host"))).toBe("forbidden");
    const foreign = await s.g.channel();
    await s.g.member(foreign, people.owner.userId, "owner");
    expect(errorCode(await unban("owner", { organization_id: foreign }))).toBe("ban_not_found");
    expect((await unban("owner")).statusCode).toBe(200);
    expect((await list("quil")).bans).toEqual([]);
    expect((await zed.client.get(`/api/video-session/room?video_session_id=${s.session}`)).statusCode).toBe(
      200,
    );
  });
});
