import { LIVE_ATTENDEE_LIMIT } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene, type Who } from "../../testing/room-scene";

const room = (sessionId: number | string) => `/api/video-session/room?video_session_id=${sessionId}`;

describeOnEachDatabase("GET /api/video-session/room", (use) => {
  const app = useTestApp(use);
  const scene = (options?: Parameters<typeof roomScene>[2]) => roomScene(app().server, use(), options);

  test.each([
    {
      case: "a visitor of an event that needs registration",
      who: "visitor",
      status: 401,
      code: "unauthorized",
    },
    { case: "a signed-in user who is not registered", who: "outsider", status: 403, code: "forbidden" },
    { case: "a wrong id type", who: "guest", id: "abc", status: 400, code: "invalid_request" },
    { case: "an unknown session", who: "guest", id: 987654321, status: 404, code: "session_not_found" },
  ] as { case: string; who: Who | "visitor"; id?: number | string; status: number; code: string }[])(
    "$case → $status $code",
    async ({ who, id, status, code }) => {
      const s = await scene();
      const client = who === "visitor" ? s.visitor : s.people[who].client;
      const res = await client.get(room(id ?? s.session));
      expect(res.statusCode).toBe(status);
      expect(errorCode(res)).toBe(code);
    },
  );

  test("unknown query fields are refused", async () => {
    const s = await scene();
    const res = await s.people.guest.client.get(`${room(s.session)}&user_id=1`);
    expect(res.statusCode).toBe(400);
  });

  test("a guest gets the settings, the public chat only, the registered count and no live count", async () => {
    const s = await scene();
    await s.g.presence(s.session, s.people.otherGuest.userId, { last_seen: new Date() });
    const res = await s.people.guest.client.get(room(s.session));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      session: {
        id: s.session,
        eventId: s.event,
        organizationId: s.channel,
        title: "",
        state: "broadcasting",
        sessionType: "regular",
        broadcastType: "webrtc",
        hideAudience: false,
        disableChat: false,
        allowRaisingHands: true,
        openStage: false,
        disableQa: false,
        qaShowOnStage: false,
        qaTruncateOnStage: false,
        qaOnStage: null,
        isRecording: false,
        timeBroadcastStart: null,
        timeBroadcastEnd: null,
        showToAll: false,
        delivery: "webrtc",
      },
      chats: [{ id: s.publicChat, chatType: "public" }],
      registeredCount: 3,
      liveCount: null,
      viewer: { userId: s.people.guest.userId, emailVerified: true },
      stream: null,
      followerCount: null,
      liveAttendeeLimit: null,
    });
  });

  test.each([
    { who: "speaker", seesCount: false },
    { who: "moderator", seesCount: false },
    { who: "host", seesCount: true },
    { who: "member", seesCount: true },
  ] as const)(
    "the team ($who) reads both chats; members and admins the active count: $seesCount",
    async ({ who, seesCount }) => {
      const s = await scene();
      await s.g.presence(s.session, s.people.guest.userId, { last_seen: new Date() });
      await s.g.presence(s.session, s.people.otherGuest.userId, {
        last_seen: new Date(Date.now() - 120_000),
      });
      await s.g.presence(s.session, s.people.unverified.userId, { state: "offline" });
      const body = (await s.people[who].client.get(room(s.session))).json();
      expect(body.chats).toEqual([
        { id: s.publicChat, chatType: "public" },
        { id: s.backstageChat, chatType: "backstage" },
      ]);
      expect(body.liveCount).toBe(seesCount ? 1 : null);
      expect(body.liveAttendeeLimit).toBe(LIVE_ATTENDEE_LIMIT);
    },
  );

  test("the team is given the plan's live attendee limit (spec 2 §8)", async () => {
    const s = await scene();
    await use().query(
      `UPDATE plans SET live_attendee_limit = 25
        WHERE id IN (SELECT plan_id FROM subscriptions WHERE organization_id = $1)`,
      [s.channel],
    );
    expect((await s.people.member.client.get(room(s.session))).json().liveAttendeeLimit).toBe(25);
    expect((await s.people.guest.client.get(room(s.session))).json().liveAttendeeLimit).toBeNull();
  });

  test("backstage chat is not offered in a lobby session", async () => {
    const s = await scene({ session: { session_type: "lobby" } });
    const body = (await s.people.host.client.get(room(s.session))).json();
    expect(body.chats).toEqual([{ id: s.publicChat, chatType: "public" }]);
  });

  test("a visitor of an open event enters and reads the public chat", async () => {
    const s = await scene({ event: { access: "open" } });
    const res = await s.visitor.get(room(s.session));
    expect(res.statusCode).toBe(200);
    expect(res.json().viewer).toEqual({ userId: null, emailVerified: false });
    expect(res.json().chats).toEqual([{ id: s.publicChat, chatType: "public" }]);
  });

  test("a banned user is refused, a shadow-banned one is not", async () => {
    const s = await scene();
    await s.g.ban(s.people.guest.userId, s.channel, { ban_type: "event", event_id: s.event });
    await s.g.ban(s.people.otherGuest.userId, s.channel, {
      ban_type: "event",
      event_id: s.event,
      is_shadow: true,
    });
    const banned = await s.people.guest.client.get(room(s.session));
    expect(banned.statusCode).toBe(403);
    expect(errorCode(banned)).toBe("banned");
    expect((await s.people.otherGuest.client.get(room(s.session))).statusCode).toBe(200);
  });

  test("a channel ban refuses every event of the channel", async () => {
    const s = await scene();
    await s.g.ban(s.people.guest.userId, s.channel);
    expect(errorCode(await s.people.guest.client.get(room(s.session)))).toBe("banned");
  });

  test("a deleted session or event is not found", async () => {
    const s = await scene();
    await use().query("UPDATE video_sessions SET deleted_at = now() WHERE id = $1", [s.otherSession]);
    expect(errorCode(await s.people.host.client.get(room(s.otherSession)))).toBe("session_not_found");
    await use().query("UPDATE events SET deleted_at = now() WHERE id = $1", [s.event]);
    expect(errorCode(await s.people.host.client.get(room(s.session)))).toBe("session_not_found");
  });

  test("every room, chat, presence, people and moderation route is in the OpenAPI document", async () => {
    const res = await app().server.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      "/api/video-session/room",
      "/api/chat/messages",
      "/api/chat/messages/edit",
      "/api/chat/messages/delete",
      "/api/chat/reactions",
      "/api/chat/reactions/delete",
      "/api/video-session/toggle-chat",
      "/api/video-session/live-users",
      "/api/video-session/claim-tab",
      "/api/video-session/unset-active-browser-id",
      "/api/event/users/leave-session",
      "/api/event/registered-users",
      "/api/event/ban",
      "/api/event/unban",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
