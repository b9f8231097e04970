import { REGISTERED_USERS_PAGE_SIZE } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roomScene, type Who } from "../../testing/room-scene";
import { prefixQuery } from "./queries";

interface Row {
  userId: number;
  eventRole: string;
  isLive: boolean;
  isOnStage: boolean;
  isBanned: boolean;
}

describeOnEachDatabase("GET /api/event/registered-users", (use) => {
  const app = useTestApp(use);
  const scene = (options?: Parameters<typeof roomScene>[2]) => roomScene(app().server, use(), options);
  const list = (s: RoomScene, who: Who, query = "") =>
    s.people[who].client.get(
      `/api/event/registered-users?event_id=${s.event}&video_session_id=${s.session}${query}`,
    );
  const ids = async (s: RoomScene, who: Who, query = "") =>
    ((await list(s, who, query)).json().users as Row[]).map((u) => u.userId);
  /** Role records updated in this order, oldest first, so "latest updated" is predictable. */
  const updatedInOrder = async (eventId: number, userIds: number[]) => {
    for (const [i, userId] of userIds.entries()) {
      await use().query(
        "UPDATE events_users_roles SET updated_at = $3 WHERE event_id = $1 AND user_id = $2",
        [eventId, userId, new Date(Date.now() - (userIds.length - i) * 60_000)],
      );
    }
  };

  test.each([
    { case: "a visitor", who: "visitor", status: 401, code: "unauthorized" },
    { case: "a user who is not registered", who: "outsider", status: 403, code: "forbidden" },
    {
      case: "a guest while the audience is hidden",
      who: "guest",
      hidden: true,
      status: 403,
      code: "forbidden",
    },
    { case: "another event's session", who: "member", foreign: true, status: 404, code: "session_not_found" },
    { case: "an unknown filter", who: "host", query: "&filter=admins", status: 400, code: "invalid_request" },
    { case: "an unknown field", who: "host", query: "&user_id=1", status: 400, code: "invalid_request" },
    {
      case: "a moderator while the audience is hidden",
      who: "moderator",
      hidden: true,
      status: 200,
      code: undefined,
    },
  ] as {
    case: string;
    who: Who | "visitor";
    hidden?: boolean;
    foreign?: boolean;
    query?: string;
    status: number;
    code?: string;
  }[])("$case → $status", async ({ who, hidden, foreign, query, status, code }) => {
    const s = await scene({ session: { hide_audience: hidden ?? false } });
    // A session of another event of the same channel, which a channel member may read.
    const sessionId = foreign ? await s.g.session(await s.g.event(s.channel)) : s.session;
    const client = who === "visitor" ? s.visitor : s.people[who].client;
    const res = await client.get(
      `/api/event/registered-users?event_id=${s.event}&video_session_id=${sessionId}${query ?? ""}`,
    );
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
  });

  test("registrations and event roles are listed: on stage, then live, then latest updated", async () => {
    const s = await scene();
    const p = s.people;
    await updatedInOrder(s.event, [
      p.otherGuest.userId,
      p.guest.userId,
      p.host.userId,
      p.moderator.userId,
      p.speaker.userId,
      p.unverified.userId,
    ]);
    await s.g.presence(s.session, p.host.userId, { state: "on_stage", last_seen: new Date() });
    await s.g.presence(s.session, p.moderator.userId, { state: "active", last_seen: new Date() });
    await s.g.presence(s.session, p.speaker.userId, {
      state: "active",
      last_seen: new Date(Date.now() - 120_000),
    });
    // A presence in another session does not count here.
    await s.g.presence(s.otherSession, p.guest.userId, { state: "on_stage", last_seen: new Date() });
    const res = await list(s, "guest");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(6);
    expect(body.hasMore).toBe(false);
    expect(body.users.map((u: Row) => [u.userId, u.isOnStage, u.isLive])).toEqual([
      [p.host.userId, true, true],
      [p.moderator.userId, false, true],
      [p.unverified.userId, false, false],
      [p.speaker.userId, false, false],
      [p.guest.userId, false, false],
      [p.otherGuest.userId, false, false],
    ]);
    // Channel members without an event role or registration are not attendees.
    expect(body.users.map((u: Row) => u.userId)).not.toContain(p.member.userId);
  });

  test.each([
    { filter: "live", want: ["host", "moderator"] },
    { filter: "on_stage", want: ["host"] },
    { filter: "hosts", want: ["host"] },
    { filter: "moderators", want: ["moderator"] },
  ] as { filter: string; want: Who[] }[])("filter $filter", async ({ filter, want }) => {
    const s = await scene();
    await s.g.presence(s.session, s.people.host.userId, { state: "on_stage", last_seen: new Date() });
    await s.g.presence(s.session, s.people.moderator.userId, { state: "active", last_seen: new Date() });
    await s.g.presence(s.session, s.people.guest.userId, { state: "offline", last_seen: new Date() });
    expect(await ids(s, "host", `&filter=${filter}`)).toEqual(want.map((who) => s.people[who].userId));
  });

  test("a channel member who came to the session is listed as a host (isOrgMember), in the 'hosts' filter", async () => {
    const s = await scene();
    const { member, host, guest } = s.people;
    await s.g.presence(s.session, member.userId, { state: "active", last_seen: new Date() });
    const rows = (await list(s, "guest")).json().users as (Row & { isOrgMember: boolean })[];
    expect(rows.find((u) => u.userId === member.userId)).toMatchObject({
      eventRole: "guest",
      isOrgMember: true,
      isLive: true,
    });
    expect(rows.find((u) => u.userId === guest.userId)?.isOrgMember).toBe(false);
    expect(await ids(s, "host", "&filter=hosts")).toEqual([member.userId, host.userId]);
  });

  test("a registration without a role record counts as a guest; pages follow the offset", async () => {
    const s = await scene();
    for (let i = 0; i < REGISTERED_USERS_PAGE_SIZE; i++) await s.g.registration(s.event, await s.g.user());
    const first = (await list(s, "host")).json();
    expect(first.users).toHaveLength(REGISTERED_USERS_PAGE_SIZE);
    expect(first.total).toBe(REGISTERED_USERS_PAGE_SIZE + 6);
    expect(first.hasMore).toBe(true);
    const second = (await list(s, "host", `&offset=${REGISTERED_USERS_PAGE_SIZE}`)).json();
    expect(second.users).toHaveLength(6);
    expect(second.hasMore).toBe(false);
    const all = [...first.users, ...second.users] as Row[];
    expect(new Set(all.map((u) => u.userId)).size).toBe(REGISTERED_USERS_PAGE_SIZE + 6);
    expect(all.filter((u) => u.eventRole === "guest")).toHaveLength(REGISTERED_USERS_PAGE_SIZE + 3);
  });

  test("search finds names by prefix; e-mail addresses only for the team", async () => {
    const s = await scene();
    const zeb = await s.g.user({
      first_name: "Zebulon",
      last_name: "Quarry",
      email: "zq.private@example.test",
    });
    await s.g.registration(s.event, zeb);
    const search = (who: Who, text: string) => ids(s, who, `&search=${encodeURIComponent(text)}`);
    expect(await search("guest", "zeb")).toEqual([zeb]);
    expect(await search("guest", "Zebulon qua")).toEqual([zeb]);
    expect(await search("guest", "quarry zebulon")).toEqual([zeb]);
    expect(await search("guest", "zebx")).toEqual([]);
    expect(await search("host", "zq.private@example.test")).toEqual([zeb]);
    expect(await search("host", "zq.private")).toEqual([zeb]);
    expect(await search("guest", "zq.private@example.test")).toEqual([]);
    expect(await search("guest", "' & !:*")).toEqual([]);
    expect((await list(s, "guest", "&search=zeb")).json()).toMatchObject({ total: 1, hasMore: false });
  });

  test("the Banned badge, and the ban Unban User lifts, are shown to the team only", async () => {
    const s = await scene();
    const shadowBan = await s.g.ban(s.people.guest.userId, s.channel, {
      ban_type: "event",
      event_id: s.event,
      is_shadow: true,
    });
    await s.g.ban(s.people.otherGuest.userId, s.channel);
    const banIds = async (who: Who) =>
      ((await list(s, who)).json().users as (Row & { banId: number | null })[])
        .filter((u) => u.userId === s.people.guest.userId)
        .map((u) => u.banId);
    expect(await banIds("moderator")).toEqual([shadowBan]);
    expect(await banIds("speaker")).toEqual([null]);
    const banned = async (who: Who) =>
      ((await list(s, who)).json().users as Row[])
        .filter((u) => u.isBanned)
        .map((u) => u.userId)
        .sort();
    expect(await banned("moderator")).toEqual([s.people.guest.userId, s.people.otherGuest.userId].sort());
    expect(await banned("speaker")).toEqual([]);
  });

  test("typed words become quoted prefix terms", () => {
    expect(prefixQuery("  Ada  lo ")).toBe("'ada':* & 'lo':*");
    expect(prefixQuery("O'Brien")).toBe("'o':* & 'brien':*");
    expect(prefixQuery(" ' \\ ")).toBeNull();
  });
});
