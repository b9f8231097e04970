import { HLS_VIEWER_HYSTERESIS_USERS, HLS_VIEWER_THRESHOLD_USERS } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { roomScene, topicMessages } from "../../testing/room-scene";
import { viewerDeliveryService } from "./service";

const SETTINGS = "/api/video-session/update-settings";

describeOnEachDatabase("viewer delivery (issue 27 §1)", (use) => {
  const app = useTestApp(use);
  const scene = () => roomScene(app().server, use(), {});
  const service = () =>
    viewerDeliveryService({
      db: use(),
      realtime: app().realtime.realtime,
      clock: () => new Date(),
      viewerThreshold: HLS_VIEWER_THRESHOLD_USERS,
    });

  /** `count` viewers present now in the session (users made in one statement), or with `state`. */
  async function present(sessionId: number, count: number, state = "active", seen = "now()") {
    await use().query(
      `WITH u AS (
         INSERT INTO users (email, first_name, last_name)
         SELECT 'viewer-' || $1::bigint || '-' || $4::text || '-' || g || '@example.test', 'Viewer', 'N'
           FROM generate_series(1, $2::int) g RETURNING id
       )
       INSERT INTO video_session_users (video_session_id, user_id, state, last_seen)
       SELECT $1, id, $3, ${seen} FROM u`,
      [sessionId, count, state, `${state}-${Math.random()}`],
    );
  }
  const deliveries = async (sessionId: number) =>
    (await topicMessages(use(), `session:${sessionId}`)).map(
      (m) => (m.payload as { delivery: string }).delivery,
    );
  const leave = (sessionId: number, count: number) =>
    use().query(
      `UPDATE video_session_users SET state = 'offline'
        WHERE (video_session_id, user_id) IN (
          SELECT video_session_id, user_id FROM video_session_users
           WHERE video_session_id = $1 AND state = 'active' LIMIT $2)`,
      [sessionId, count],
    );

  test("WebRTC up to the threshold, HLS past it, back only under the hysteresis line, told once", async () => {
    const s = await scene();
    const sweep = () => service().sweep();
    // People on the stage, offline or gone quiet are not the audience.
    await present(s.session, HLS_VIEWER_THRESHOLD_USERS);
    await present(s.session, 5, "on_stage");
    await present(s.session, 5, "offline");
    await present(s.session, 5, "active", "now() - interval '10 minutes'");
    expect(await sweep()).toEqual([]);

    await present(s.session, 1);
    expect(await sweep()).toEqual([{ sessionId: s.session, delivery: "hls" }]);
    expect(await sweep()).toEqual([]);
    const room = await s.people.guest.client.get(`/api/video-session/room?video_session_id=${s.session}`);
    expect(room.json().session.delivery).toBe("hls");

    // Hovering at the threshold does not flip it back.
    await leave(s.session, HLS_VIEWER_HYSTERESIS_USERS);
    expect(await sweep()).toEqual([]);
    await leave(s.session, 1);
    expect(await sweep()).toEqual([{ sessionId: s.session, delivery: "webrtc" }]);
    expect(await deliveries(s.session)).toEqual(["hls", "webrtc"]);
  });

  test("only rooms that may show the program are counted; nodes sweeping together tell it once", async () => {
    const s = await scene();
    await use().query("UPDATE video_sessions SET state = 'scheduled' WHERE id = $1", [s.otherSession]);
    await present(s.otherSession, HLS_VIEWER_THRESHOLD_USERS + 1);
    await present(s.session, HLS_VIEWER_THRESHOLD_USERS + 1);
    const [a, b] = await Promise.all([service().sweep(), service().sweep()]);
    expect([...(a ?? []), ...(b ?? [])]).toEqual([{ sessionId: s.session, delivery: "hls" }]);
    expect(await deliveries(s.session)).toEqual(["hls"]);
    expect(await deliveries(s.otherSession)).toEqual([]);
  });

  test("an RTMP encoder's broadcast is watched over HLS, however small; a small LiveKit room in real time", async () => {
    const s = await scene();
    await use().query("UPDATE video_sessions SET broadcast_type = 'rtmp' WHERE id = $1", [s.session]);
    await use().query("UPDATE video_sessions SET webrtc_provider = 'livekit' WHERE id = $1", [
      s.otherSession,
    ]);
    await present(s.session, 2);
    await present(s.otherSession, 2);
    expect(await service().sweep()).toEqual([{ sessionId: s.session, delivery: "hls" }]);
    expect(await deliveries(s.otherSession)).toEqual([]);
  });

  test("show-to-all: HLS at once for a small room, only the host level sets it, lifted it comes back", async () => {
    const s = await scene();
    const body = (showToAll: boolean) => ({
      video_session_id: s.session,
      event_id: s.event,
      show_to_all: showToAll,
    });
    for (const who of ["guest", "speaker", "moderator", "member"] as const) {
      expect((await s.people[who].client.post(SETTINGS, body(true))).statusCode).toBe(403);
    }
    expect((await s.visitor.post(SETTINGS, body(true))).statusCode).toBe(401);
    await present(s.session, 2);
    const set = await s.people.host.client.post(SETTINGS, body(true));
    expect(set.json().session).toMatchObject({ showToAll: true, delivery: "hls" });
    expect(await service().sweep()).toEqual([]);
    await s.people.owner.client.post(SETTINGS, body(false));
    expect(await service().sweep()).toEqual([{ sessionId: s.session, delivery: "webrtc" }]);
  });
});
