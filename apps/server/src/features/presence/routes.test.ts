import { PRESENCE_LIVE_WINDOW_MS } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import type { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene, topicMessages, type Who } from "../../testing/room-scene";
import { LEAVE_SESSION_PATH } from "./routes";

const liveUsers = (sessionId: number) => `/api/video-session/live-users?video_session_id=${sessionId}`;

describeOnEachDatabase("presence routes", (use) => {
  const app = useTestApp(use);
  const scene = (options?: Parameters<typeof roomScene>[2]) => roomScene(app().server, use(), options);

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
    {
      case: "the team while the audience is hidden",
      who: "moderator",
      hidden: true,
      status: 200,
      code: undefined,
    },
    { case: "a guest", who: "guest", status: 200, code: undefined },
  ] as { case: string; who: Who | "visitor"; hidden?: boolean; status: number; code?: string }[])(
    "live users for $case → $status",
    async ({ who, hidden, status, code }) => {
      const s = await scene({ session: { hide_audience: hidden ?? false } });
      const client = who === "visitor" ? s.visitor : s.people[who].client;
      const res = await client.get(liveUsers(s.session));
      expect(res.statusCode).toBe(status);
      expect(errorCode(res)).toBe(code);
    },
  );

  test("live users are those seen within 90 s and not offline, newest first, with the presence seq", async () => {
    const s = await scene();
    const now = Date.now();
    await s.g.presence(s.session, s.people.guest.userId, { last_seen: new Date(now - 10_000) });
    await s.g.presence(s.session, s.people.speaker.userId, {
      state: "on_stage",
      last_seen: new Date(now - 1_000),
    });
    await s.g.presence(s.session, s.people.otherGuest.userId, {
      last_seen: new Date(now - PRESENCE_LIVE_WINDOW_MS - 5_000),
    });
    await s.g.presence(s.session, s.people.host.userId, { state: "offline", last_seen: new Date(now) });
    await use().query("INSERT INTO realtime_topics (topic, last_seq) VALUES ($1, 7)", [
      `presence:${s.session}`,
    ]);
    const body = (await s.people.guest.client.get(liveUsers(s.session))).json();
    expect(body.liveCount).toBe(2);
    expect(body.seq).toBe(7);
    expect(body.users.map((u: { userId: number; state: string }) => [u.userId, u.state])).toEqual([
      [s.people.speaker.userId, "on_stage"],
      [s.people.guest.userId, "active"],
    ]);
  });

  describe("the leave-session beacon", () => {
    const beacon = (
      client: TestClient,
      fields: Record<string, string>,
      headers: Record<string, string> = { origin: TEST_PUBLIC_URL },
    ) =>
      client.request("POST", LEAVE_SESSION_PATH, {
        payload: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8", ...headers },
        csrf: false,
      });

    test.each([
      { case: "a foreign Origin", origin: "https://evil.example", status: 403 },
      { case: "no Origin", origin: null, status: 403 },
      { case: "another user's id", otherUser: true, status: 403 },
      { case: "a visitor", visitor: true, status: 401 },
      { case: "a malformed session id", sessionId: "abc", status: 400 },
      { case: "an unknown field", extra: { user_id: "1" }, status: 400 },
    ] as {
      case: string;
      origin?: string | null;
      otherUser?: boolean;
      visitor?: boolean;
      sessionId?: string;
      extra?: Record<string, string>;
      status: number;
    }[])(
      "the leave beacon refuses $case ($status)",
      async ({ origin, otherUser, visitor, sessionId, extra, status }) => {
        const s = await scene();
        const guest = s.people.guest.userId;
        await s.g.presence(s.session, guest, { last_seen: new Date() });
        const res = await beacon(
          visitor ? s.visitor : s.people.guest.client,
          {
            videoSessionIdStr: sessionId ?? String(s.session),
            userIdStr: String(otherUser ? s.people.otherGuest.userId : guest),
            ...extra,
          },
          origin === null ? {} : { origin: origin ?? TEST_PUBLIC_URL },
        );
        expect(res.statusCode).toBe(status);
        const [row] = await use().query<{ state: string }>(
          "SELECT state FROM video_session_users WHERE video_session_id = $1 AND user_id = $2",
          [s.session, guest],
        );
        expect(row?.state).toBe("active");
      },
    );

    test("the leave beacon sets the user offline, frees the tab's slot and publishes, without a CSRF token", async () => {
      const s = await scene();
      const guest = s.people.guest.userId;
      await s.g.presence(s.session, guest, { last_seen: new Date(), active_browser_id: "tab-aaaaaaaa" });
      const res = await beacon(s.people.guest.client, {
        videoSessionIdStr: String(s.session),
        userIdStr: String(guest),
        browserIdStr: "tab-aaaaaaaa",
      });
      expect(res.statusCode).toBe(204);
      const [row] = await use().query<{ state: string; active_browser_id: string | null }>(
        "SELECT state, active_browser_id FROM video_session_users WHERE video_session_id = $1 AND user_id = $2",
        [s.session, guest],
      );
      expect(row).toEqual({ state: "offline", active_browser_id: null });
      const published = await topicMessages(use(), `presence:${s.session}`);
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({ event: "UPDATE", payload: { userId: guest, state: "offline" } });
      // Twice is harmless and publishes nothing more.
      expect(
        (
          await beacon(s.people.guest.client, {
            videoSessionIdStr: String(s.session),
            userIdStr: String(guest),
          })
        ).statusCode,
      ).toBe(204);
      expect(await topicMessages(use(), `presence:${s.session}`)).toHaveLength(1);
    });

    test("another tab's slot stays when the leaving tab is not the active one", async () => {
      const s = await scene();
      const guest = s.people.guest.userId;
      await s.g.presence(s.session, guest, { active_browser_id: "tab-bbbbbbbb" });
      await beacon(s.people.guest.client, {
        videoSessionIdStr: String(s.session),
        userIdStr: String(guest),
        browserIdStr: "tab-aaaaaaaa",
      });
      const [row] = await use().query<{ active_browser_id: string | null }>(
        "SELECT active_browser_id FROM video_session_users WHERE video_session_id = $1 AND user_id = $2",
        [s.session, guest],
      );
      expect(row?.active_browser_id).toBe("tab-bbbbbbbb");
    });
  });
});
