import { RealtimeEvents, StageEvents } from "@onstage/domain";
import { beforeAll, describe, expect, test } from "vitest";
import { withOutbox } from "../../platform/realtime/outbox";
import { TEST_PUBLIC_URL } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { type CompositorClient, openCompositor, RefusedUpgrade } from "../../testing/media";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import { type RoomScene, roomScene } from "../../testing/room-scene";
import { endStream, openStream } from "../broadcast/streams";
import { cookiePolicy } from "../identity/user-sessions";
import { issueRecorderCredential, revokeRecorderCredentials } from "./credential";

// COMPOSITOR=server's credential (credential.ts): the recorder page reads its own session as the
// user who went live, and is refused everything else.

const RECORDER_COOKIE = cookiePolicy(TEST_PUBLIC_URL).recorderCookie;

const upgradeStatus = (opening: Promise<CompositorClient>) =>
  opening.then(
    (client) => {
      client.socket.close();
      return 101;
    },
    (err) => (err instanceof RefusedUpgrade ? err.status : Promise.reject(err)),
  );

describeOnEachDatabase("the server recorder's credential", (use) => {
  const server = useListeningApp(use);
  let scene: RoomScene;
  let cookie: string;
  let recorder: TestClient;

  /** A stream on air for the session and a recorder credential for it, as the host went live. */
  const liveRecorder = async (sessionId: number) => {
    const stream = await withOutbox(use(), server().app.realtime.realtime, (tx, outbox) =>
      openStream(tx, outbox, sessionId, true),
    );
    const userId = scene.people.host.userId;
    const secret = await issueRecorderCredential(use(), { userId, sessionId, streamId: stream.id });
    const client = new TestClient(server().app.server);
    client.setCookie(RECORDER_COOKIE, secret);
    return { stream, client, cookie: `${RECORDER_COOKIE}=${secret}` };
  };
  const get = (client: TestClient, url: string) => client.request("GET", url);

  beforeAll(async () => {
    scene = await roomScene(server().app.server, use());
    ({ client: recorder, cookie } = await liveRecorder(scene.session));
  });

  test("reads its own session as the user who went live, and is a visitor anywhere else", async () => {
    const playback = (sessionId: number) => `/api/video-session/playback?video_session_id=${sessionId}`;
    expect((await get(recorder, "/api/me")).json().user.id).toBe(scene.people.host.userId);
    const own = await get(recorder, playback(scene.session));
    expect(own.statusCode).toBe(200);
    expect(own.json().compositor).toBe("browser");
    const room = (sessionId: number) => `/api/video-session/room?video_session_id=${sessionId}`;
    expect((await get(recorder, room(scene.session))).json().session.id).toBe(scene.session);
    // Issue 27: where the program it composes goes to the real-time viewers.
    const publisher = (sessionId: number) =>
      `/api/video-session/program-publisher?video_session_id=${sessionId}`;
    expect((await get(recorder, publisher(scene.session))).statusCode).toBe(200);

    const asVisitor = async (url: string) => {
      const visitor = await get(scene.visitor, url);
      const answer = await get(recorder, url);
      expect(visitor.statusCode, url).not.toBe(200);
      expect([answer.statusCode, answer.json()], url).toEqual([visitor.statusCode, visitor.json()]);
    };
    // Another session of the same event, and a read the recorder page never makes.
    await asVisitor(playback(scene.otherSession));
    await asVisitor(room(scene.otherSession));
    await asVisitor(publisher(scene.otherSession));
    await asVisitor(`/api/questions?video_session_id=${scene.session}`);
  });

  test("changes nothing over HTTP", async () => {
    const ref = { video_session_id: scene.session, event_id: scene.event };
    const moves = [
      ["/api/video-session/update-video-session", { ...ref, video_session_state: "postevent" }],
      ["/api/video-session/update-settings", { ...ref, is_recording: false }],
      ["/api/chat/messages", { chat_id: scene.publicChat, message: "hello" }],
    ] as const;
    for (const [url, body] of moves) {
      expect((await recorder.request("POST", url, { body })).statusCode, url).toBe(403);
    }
    const [session] = await use().query<{ state: string; is_recording: boolean }>(
      "SELECT state, is_recording FROM video_sessions WHERE id = $1",
      [scene.session],
    );
    expect(session?.state).toBe("broadcasting");
    expect(await use().query("SELECT 1 FROM chat_messages WHERE chat_id = $1", [scene.publicChat])).toEqual(
      [],
    );
  });

  test("opens the compositor socket of its own session only", async () => {
    const open = (sessionId: number) =>
      upgradeStatus(openCompositor(server().url, sessionId, { cookie, origin: TEST_PUBLIC_URL }));
    expect(await open(scene.session)).toBe(101);
    await liveRecorder(scene.otherSession);
    expect(await open(scene.otherSession)).toBe(403);
  });

  test("on the realtime socket: its session's topics, no presence, and only watching its stage", async () => {
    const socket = await RealtimeClient.connect(server().url, { cookie });
    try {
      expect((await socket.subscribe(`session:${scene.session}`)).status).toBe("SUBSCRIBED");
      expect((await socket.subscribe(`event:${scene.event}`)).status).toBe("SUBSCRIBED");
      const other = await socket.subscribe(`session:${scene.otherSession}`);
      expect(other).toMatchObject({ status: "CHANNEL_ERROR", error: { code: "forbidden" } });
      // Never counted live, never the active browser.
      const presence = { sessionId: scene.session, browserId: "recorder-browser-0001" };
      expect(await socket.emitWithAck(RealtimeEvents.presence, presence)).toMatchObject({
        error: { code: "forbidden" },
      });
      const attendance = "SELECT 1 FROM video_session_users WHERE user_id = $1";
      expect(await use().query(attendance, [scene.people.host.userId])).toEqual([]);
      const refusals = [
        [StageEvents.join, { video_session_id: scene.session }],
        [StageEvents.join, { video_session_id: scene.otherSession, watch: true }],
        [StageEvents.join, { video_session_id: scene.session, view: true }],
        // Its compositor place publishes the program (an offer, issue 27), never a person's state.
        [
          StageEvents.state,
          { video_session_id: scene.session, audioMuted: false, videoMuted: false, screen: false },
        ],
      ] as const;
      for (const [event, payload] of refusals) {
        expect(await socket.emitWithAck(event, payload), event).toMatchObject({
          error: { code: "forbidden" },
        });
      }
    } finally {
      socket.close();
    }
  });

  describe("once its stream is over", () => {
    const broadcasting = () => scene.g.session(scene.event, { state: "broadcasting" });

    test("revoked: its open sockets close and it is nobody", async () => {
      const sessionId = await broadcasting();
      const live = await liveRecorder(sessionId);
      const socket = await RealtimeClient.connect(server().url, { cookie: live.cookie, reconnection: false });
      await revokeRecorderCredentials(use(), server().app.realtime.realtime, sessionId);
      await eventually("the recorder's socket is closed", () => !socket.connected);
      expect((await get(live.client, "/api/me")).json().user).toBeNull();
    });

    test("ended: refused by the compositor socket, a visitor to the session", async () => {
      const sessionId = await broadcasting();
      const live = await liveRecorder(sessionId);
      await withOutbox(use(), server().app.realtime.realtime, (tx, outbox) =>
        endStream(tx, outbox, live.stream.id),
      );
      expect((await get(live.client, "/api/me")).json().user).toBeNull();
      const status = await upgradeStatus(
        openCompositor(server().url, sessionId, { cookie: live.cookie, origin: TEST_PUBLIC_URL }),
      );
      expect(status).toBe(401);
      const socket = await RealtimeClient.connect(server().url, { cookie: live.cookie });
      try {
        expect((await socket.subscribe(`session:${sessionId}`)).status).toBe("CHANNEL_ERROR");
      } finally {
        socket.close();
      }
    });
  });
});
