import { PRESENCE_LIVE_WINDOW_MS } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { describeOnEachDatabase } from "../../../testing/databases";
import {
  errorCode,
  type RoomScene,
  recordingRealtime,
  roomScene,
  topicMessages,
  type Who,
} from "../../../testing/room-scene";
import { presenceService } from "../service";

const CLAIM = "/api/video-session/claim-tab";
const UNSET = "/api/video-session/unset-active-browser-id";
const TAB_A = "tab-aaaaaaaa";
const TAB_B = "tab-bbbbbbbb";

describeOnEachDatabase("one active tab", (use) => {
  const app = useTestApp(use);
  const scene = (options?: Parameters<typeof roomScene>[2]) => roomScene(app().server, use(), options);
  const claim = (s: RoomScene, who: Who, browserId: string, takeOver = false) =>
    s.people[who].client.post(CLAIM, {
      video_session_id: s.session,
      browser_id: browserId,
      take_over: takeOver,
    });
  const activeBrowserId = async (sessionId: number, userId: number) =>
    (
      await use().query<{ active_browser_id: string | null }>(
        "SELECT active_browser_id FROM video_session_users WHERE video_session_id = $1 AND user_id = $2",
        [sessionId, userId],
      )
    )[0]?.active_browser_id;

  test.each([
    { case: "a visitor", who: "visitor", status: 401 },
    { case: "a user who is not registered", who: "outsider", status: 403 },
    { case: "a malformed browser id", who: "guest", browserId: "<tab>", status: 400 },
  ] as { case: string; who: Who | "visitor"; browserId?: string; status: number }[])(
    "claim-tab refuses $case ($status)",
    async ({ who, browserId, status }) => {
      const s = await scene();
      const client = who === "visitor" ? s.visitor : s.people[who].client;
      const res = await client.post(CLAIM, { video_session_id: s.session, browser_id: browserId ?? TAB_A });
      expect(res.statusCode).toBe(status);
    },
  );

  test("a scheduled session needs no single tab and records nothing", async () => {
    const s = await scene({ session: { state: "scheduled" } });
    expect((await claim(s, "guest", TAB_A)).json()).toEqual({ required: false, claim: "granted" });
    expect(await activeBrowserId(s.session, s.people.guest.userId)).toBeUndefined();
  });

  test("a second tab is refused until it takes over; the first tab hears of it on the user topic", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    expect((await claim(s, "guest", TAB_A)).json()).toEqual({ required: true, claim: "granted" });
    expect((await claim(s, "guest", TAB_A)).json()).toEqual({ required: true, claim: "granted" });
    expect((await claim(s, "guest", TAB_B)).json()).toEqual({
      required: true,
      claim: "taken_elsewhere",
      activeBrowserId: TAB_A,
    });
    expect(await activeBrowserId(s.session, guest)).toBe(TAB_A);
    expect(await topicMessages(use(), `user:${guest}`)).toEqual([]);

    expect((await claim(s, "guest", TAB_B, true)).json()).toEqual({ required: true, claim: "granted" });
    expect(await activeBrowserId(s.session, guest)).toBe(TAB_B);
    expect(await topicMessages(use(), `user:${guest}`)).toEqual([
      {
        seq: 1,
        kind: "broadcast",
        event: "active-browser",
        table_name: null,
        payload: { sessionId: s.session, browserId: TAB_B },
      },
    ]);
    // A claim is not presence: the user is not live because a tab claimed.
    const [row] = await use().query<{ state: string }>(
      "SELECT state FROM video_session_users WHERE video_session_id = $1 AND user_id = $2",
      [s.session, guest],
    );
    expect(row?.state).toBe("offline");
  });

  /** The active tab's last heartbeat, moved back past the live window: as if the tab was killed then. */
  const silence = (s: RoomScene, userId: number) =>
    use().query(
      "UPDATE video_session_users SET active_browser_seen = $3 WHERE video_session_id = $1 AND user_id = $2",
      [s.session, userId, new Date(Date.now() - PRESENCE_LIVE_WINDOW_MS - 1_000)],
    );

  test("a tab killed without unloading blocks no one once silent past the live window", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    await claim(s, "guest", TAB_A);
    await silence(s, guest);
    expect((await claim(s, "guest", TAB_B)).json()).toEqual({ required: true, claim: "granted" });
    expect(await activeBrowserId(s.session, guest)).toBe(TAB_B);
    // Should the old tab still run (a laptop waking up), it hears that another tab holds the session.
    expect(await topicMessages(use(), `user:${guest}`)).toEqual([
      expect.objectContaining({
        event: "active-browser",
        payload: { sessionId: s.session, browserId: TAB_B },
      }),
    ]);
  });

  test("the active tab's heartbeats keep its slot; another tab's heartbeats do not", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    const presence = presenceService({
      db: use(),
      realtime: recordingRealtime(),
      clock: () => new Date(),
      log: app().server.log,
      tracker: app().tracker,
    });
    await claim(s, "guest", TAB_A);
    await silence(s, guest);
    await presence.heartbeat(guest, s.session, TAB_B);
    expect((await claim(s, "guest", "tab-cccccccc")).json()).toMatchObject({ claim: "granted" });

    await silence(s, guest);
    await presence.heartbeat(guest, s.session, "tab-cccccccc");
    // Live already: this heartbeat is buffered and stamps the tab in the batch.
    await presence.flush();
    expect((await claim(s, "guest", TAB_A)).json()).toMatchObject({ claim: "taken_elsewhere" });
  });

  test("a tab frees only its own slot", async () => {
    const s = await scene();
    const guest = s.people.guest.userId;
    await claim(s, "guest", TAB_A);
    const unset = (browserId?: string) =>
      s.people.guest.client.post(UNSET, { videoSessionId: s.session, ...(browserId ? { browserId } : {}) });
    expect((await unset(TAB_B)).json()).toEqual({ ok: true });
    expect(await activeBrowserId(s.session, guest)).toBe(TAB_A);
    await unset(TAB_A);
    expect(await activeBrowserId(s.session, guest)).toBeNull();
    await claim(s, "guest", TAB_B);
    await unset();
    expect(await activeBrowserId(s.session, guest)).toBeNull();
  });

  test.each([
    { who: "guest", status: 403 },
    { who: "moderator", status: 403 },
    { who: "host", status: 200 },
    { who: "owner", status: 200 },
  ] as { who: Who; status: number }[])(
    "clearing every tab of the session by a $who → $status",
    async ({ who, status }) => {
      const s = await scene();
      await claim(s, "guest", TAB_A);
      await claim(s, "otherGuest", TAB_B);
      const res = await s.people[who].client.post(UNSET, {
        videoSessionId: s.session,
        clearAllBrowserIds: true,
      });
      expect(res.statusCode).toBe(status);
      if (status === 403) expect(errorCode(res)).toBe("forbidden");
      const cleared = status === 200;
      expect(await activeBrowserId(s.session, s.people.guest.userId)).toBe(cleared ? null : TAB_A);
      expect(await activeBrowserId(s.session, s.people.otherGuest.userId)).toBe(cleared ? null : TAB_B);
    },
  );
});
