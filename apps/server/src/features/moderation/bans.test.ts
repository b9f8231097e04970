import { expect, test } from "vitest";
import { BroadcastLifecycle } from "../../kernel/broadcast/lifecycle";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import {
  errorCode,
  type RoomScene,
  recordingRealtime,
  roomScene,
  topicMessages,
  type Who,
} from "../../testing/room-scene";
import { moderationService } from "./service";

const BAN = "/api/event/ban";
const UNBAN = "/api/event/unban";

describeOnEachDatabase("bans", (use) => {
  const app = useTestApp(use);
  const scene = (options?: Parameters<typeof roomScene>[2]) => roomScene(app().server, use(), options);
  const banBody = (s: RoomScene, userId: number, fields: Record<string, unknown> = {}) => ({
    user_id: userId,
    event_id: s.event,
    organization_id: s.channel,
    ban_type: "event",
    ...fields,
  });
  const room = (s: RoomScene, who: Who) =>
    s.people[who].client.get(`/api/video-session/room?video_session_id=${s.session}`);
  const activeBans = (userId: number) =>
    use().query<{
      id: number;
      ban_type: string;
      is_shadow: boolean;
      event_id: number | null;
      banned_by: number;
    }>(
      "SELECT id, ban_type, is_shadow, event_id, banned_by FROM bans WHERE user_id = $1 AND active ORDER BY id",
      [userId],
    );
  const analytics = (userId: number) =>
    use().query<{ name: string }>(
      "SELECT name FROM analytics_events WHERE user_id = $1 AND name LIKE 'user-%'",
      [userId],
    );

  test.each([
    { case: "a visitor", actor: "visitor", status: 401, code: "unauthorized" },
    { case: "a guest", actor: "guest", status: 403, code: "forbidden" },
    { case: "a speaker", actor: "speaker", status: 403, code: "forbidden" },
    {
      case: "a user id of the wrong type",
      actor: "host",
      fields: { user_id: "x" },
      status: 400,
      code: "invalid_request",
    },
    {
      case: "a forged banned_by",
      actor: "host",
      fields: { banned_by: 1 },
      status: 400,
      code: "invalid_request",
    },
    {
      case: "no event",
      actor: "host",
      fields: { event_id: undefined },
      status: 400,
      code: "invalid_request",
    },
    {
      case: "an unknown event",
      actor: "host",
      fields: { event_id: 987654321 },
      status: 404,
      code: "event_not_found",
    },
    {
      case: "another channel's id",
      actor: "host",
      foreignChannel: true,
      status: 404,
      code: "event_not_found",
    },
    { case: "yourself", actor: "host", target: "host", status: 409, code: "ban_self" },
    { case: "a channel member", actor: "host", target: "member", status: 409, code: "ban_channel_member" },
    {
      case: "the channel owner",
      actor: "moderator",
      target: "owner",
      status: 409,
      code: "ban_channel_member",
    },
    { case: "the host, by a moderator", actor: "moderator", target: "host", status: 403, code: "forbidden" },
    {
      case: "an unknown user",
      actor: "host",
      fields: { user_id: 987654321 },
      status: 404,
      code: "user_not_found",
    },
    {
      case: "a channel ban by an event host",
      actor: "host",
      fields: { ban_type: "organization" },
      status: 403,
      code: "forbidden",
    },
    { case: "a ban by a moderator", actor: "moderator", status: 201, code: undefined },
    {
      case: "a channel ban by a channel member",
      actor: "member",
      fields: { ban_type: "organization" },
      status: 201,
      code: undefined,
    },
  ] as {
    case: string;
    actor: Who | "visitor";
    target?: Who;
    fields?: Record<string, unknown>;
    foreignChannel?: boolean;
    status: number;
    code?: string;
  }[])("banning $case → $status $code", async ({ actor, target, fields, foreignChannel, status, code }) => {
    const s = await scene();
    const client = actor === "visitor" ? s.visitor : s.people[actor].client;
    const channel = foreignChannel ? await s.g.channel() : s.channel;
    const body = banBody(s, s.people[target ?? "guest"].userId, { organization_id: channel, ...fields });
    const res = await client.post(BAN, body);
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
  });

  test("ban and remove: the user is refused everywhere in the event, told on their topic and taken offline", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    await s.g.presence(s.session, guest, { last_seen: new Date() });
    const res = await s.people.moderator.client.post(BAN, banBody(s, guest));
    expect(res.statusCode).toBe(201);
    const banId = res.json().banId;
    expect(await activeBans(guest)).toEqual([
      {
        id: banId,
        ban_type: "event",
        is_shadow: false,
        event_id: s.event,
        banned_by: s.people.moderator.userId,
      },
    ]);
    expect(await topicMessages(use(), `user:${guest}`)).toEqual([
      { seq: 1, kind: "broadcast", event: "banned", table_name: null, payload: { eventId: s.event } },
    ]);
    const presence = await topicMessages(use(), `presence:${s.session}`);
    expect(presence.map((m) => m.payload)).toEqual([
      expect.objectContaining({ userId: guest, state: "offline" }),
    ]);
    expect(await analytics(guest)).toEqual([{ name: "user-banned-and-removed" }]);

    expect(errorCode(await room(s, "guest"))).toBe("banned");
    const chat = await s.people.guest.client.post("/api/chat/messages", {
      chat_id: s.publicChat,
      message: "hi",
    });
    expect(errorCode(chat)).toBe("banned");
    const live = await s.people.guest.client.get(
      `/api/video-session/live-users?video_session_id=${s.session}`,
    );
    expect(errorCode(live)).toBe("banned");

    // A repeat changes nothing and tells nobody again.
    const again = await s.people.host.client.post(BAN, banBody(s, guest));
    expect(again.statusCode).toBe(200);
    expect(again.json().banId).toBe(banId);
    expect(await topicMessages(use(), `user:${guest}`)).toHaveLength(1);
  });

  test("a shadow ban keeps the user in and tells them nothing; a ban on top of it removes them", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    const shadow = await s.people.host.client.post(BAN, banBody(s, guest, { shadow: true }));
    expect(shadow.statusCode).toBe(201);
    expect((await room(s, "guest")).statusCode).toBe(200);
    expect(await topicMessages(use(), `user:${guest}`)).toEqual([]);
    expect(await analytics(guest)).toEqual([{ name: "user-shadow-banned" }]);

    const ban = await s.people.host.client.post(BAN, banBody(s, guest));
    expect(ban.statusCode).toBe(200);
    expect(ban.json().banId).toBe(shadow.json().banId);
    expect((await activeBans(guest)).map((b) => b.is_shadow)).toEqual([false]);
    expect(await topicMessages(use(), `user:${guest}`)).toHaveLength(1);
    expect(errorCode(await room(s, "guest"))).toBe("banned");
    // A shadow ban never softens a ban.
    await s.people.host.client.post(BAN, banBody(s, guest, { shadow: true }));
    expect((await activeBans(guest)).map((b) => b.is_shadow)).toEqual([false]);
  });

  test("a channel ban refuses the user in every event of the channel", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    const otherEvent = await s.g.event(s.channel, { access: "open" });
    const otherSession = await s.g.session(otherEvent);
    const res = await s.people.owner.client.post(BAN, banBody(s, guest, { ban_type: "organization" }));
    expect(res.statusCode).toBe(201);
    expect(await analytics(guest)).toEqual([{ name: "user-banned-from-channel" }]);
    const elsewhere = await s.people.guest.client.get(
      `/api/video-session/room?video_session_id=${otherSession}`,
    );
    expect(errorCode(elsewhere)).toBe("banned");
  });

  test("a ban that removes evicts the user from the event's topics before any of its messages go out; a channel ban from all", async () => {
    const s = await scene();
    const recorded = recordingRealtime();
    // Issue 23 §2.9: what had been published when each eviction came; the ban's own messages (people
    // changed, user:{id} 'banned') are published at its commit, so none of them may come first.
    const publishedAtEviction: number[] = [];
    const realtime = {
      ...recorded,
      evict: (userId: number, eventIds: readonly number[], reason: string) => {
        publishedAtEviction.push(recorded.published.length);
        return recorded.evict(userId, eventIds, reason);
      },
    };
    const moderation = moderationService({
      db: use(),
      realtime,
      tracker: app().tracker,
      clock: () => new Date(),
      lifecycle: new BroadcastLifecycle(),
    });
    const otherEvent = await s.g.event(s.channel);
    const base = { event_id: s.event, organization_id: s.channel };
    await moderation.ban(s.people.host.userId, {
      ...base,
      user_id: s.people.otherGuest.userId,
      ban_type: "event",
      shadow: true,
    });
    expect(recorded.evictions).toEqual([]);
    const publishedBefore = recorded.published.length;
    await moderation.ban(s.people.host.userId, {
      ...base,
      user_id: s.people.guest.userId,
      ban_type: "event",
      shadow: false,
    });
    expect(publishedAtEviction).toEqual([publishedBefore]);
    expect(recorded.published.length).toBeGreaterThan(publishedBefore);
    await moderation.ban(s.people.owner.userId, {
      ...base,
      user_id: s.people.unverified.userId,
      ban_type: "organization",
      shadow: false,
    });
    expect(recorded.evictions).toEqual([
      { userId: s.people.guest.userId, eventIds: [s.event], reason: "banned" },
      {
        userId: s.people.unverified.userId,
        eventIds: [s.event, otherEvent].sort((a, b) => a - b),
        reason: "banned",
      },
    ]);
  });

  test("unbanning: team only, bans of this event or channel only, and the user is back in", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    const { banId } = (await s.people.host.client.post(BAN, banBody(s, guest))).json();
    const unban = (who: Who, fields: Record<string, unknown> = {}) =>
      s.people[who].client.post(UNBAN, {
        ban_id: banId,
        event_id: s.event,
        organization_id: s.channel,
        ...fields,
      });

    expect(errorCode(await unban("otherGuest"))).toBe("forbidden");
    expect(errorCode(await unban("host", { ban_id: 987654321 }))).toBe("ban_not_found");
    const otherEvent = await s.g.event(s.channel);
    await s.g.role(otherEvent, s.people.host.userId, "host");
    expect(errorCode(await unban("host", { event_id: otherEvent }))).toBe("ban_not_found");
    expect((await unban("moderator")).json()).toEqual({ ok: true });
    expect((await unban("moderator")).statusCode).toBe(200);
    expect(await activeBans(guest)).toEqual([]);
    expect((await room(s, "guest")).statusCode).toBe(200);
  });

  test("only a channel role lifts a channel ban", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    const { banId } = (
      await s.people.member.client.post(BAN, banBody(s, guest, { ban_type: "organization" }))
    ).json();
    const unban = (who: Who) =>
      s.people[who].client.post(UNBAN, { ban_id: banId, event_id: s.event, organization_id: s.channel });
    expect(errorCode(await unban("host"))).toBe("forbidden");
    expect((await unban("member")).statusCode).toBe(200);
  });
});
