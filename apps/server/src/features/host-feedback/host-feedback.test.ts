import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roleMatrixClients, roomScene } from "../../testing/room-scene";

const FEEDBACK = "/api/host-feedback";

describeOnEachDatabase("host feedback", (use) => {
  const app = useTestApp(use);
  const scene = (state = "ended") =>
    roomScene(app().server, use(), {
      session: { state, webrtc_conference_id: "conf-1", broadcast_type: "rtmp" },
    });
  const stored = (eventId: number) =>
    use().query<Record<string, unknown>>("SELECT * FROM feedback WHERE event_id = $1 ORDER BY id", [eventId]);
  const body = (s: RoomScene, feedback: Record<string, unknown> = { overall: 4 }) => ({
    feedback,
    event_id: s.event,
    video_session_id: s.session,
  });

  test.each([
    { who: "owner", status: 201 },
    { who: "channelAdmin", status: 201 },
    { who: "eventAdmin", status: 201 },
    { who: "host", status: 201 },
    { who: "member", status: 403, code: "forbidden" },
    { who: "moderator", status: 403, code: "forbidden" },
    { who: "speaker", status: 403, code: "forbidden" },
    { who: "otherSpeaker", status: 403, code: "forbidden" },
    { who: "guest", status: 403, code: "forbidden" },
    { who: "banned", status: 403, code: "banned" },
    { who: "visitor", status: 401, code: "unauthorized" },
  ])("by $who → $status", async ({ who, status, code }) => {
    const s = await scene();
    const client = await roleMatrixClients(s, "admin");
    const res = await client(who).post(FEEDBACK, body(s));
    expect(res.statusCode).toBe(status);
    if (code) expect(errorCode(res)).toBe(code);
    expect(await stored(s.event)).toHaveLength(status === 201 ? 1 : 0);
  });

  test("stores the spec's fields: the caller as host, the session's conference id and broadcast type", async () => {
    const s = await scene();
    const res = await s.people.owner.client.post(
      FEEDBACK,
      body(s, {
        overall: 5,
        video_quality: 4,
        audio_quality: 3,
        general_feedback: "  Great show  ",
        most_tiles_on_stage: 6,
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await stored(s.event);
    expect(row).toMatchObject({
      id: res.json().id,
      overall: 5,
      video_quality: 4,
      audio_quality: 3,
      use_again: null,
      general_feedback: "Great show",
      webrtc_conference_id: "conf-1",
      session_id: s.session,
      most_tiles_on_stage: 6,
      host_user_id: s.people.owner.userId,
      broadcast_type: "rtmp",
    });
  });

  test.each([
    { case: "no overall", feedback: { video_quality: 3 } },
    { case: "overall 0", feedback: { overall: 0 } },
    { case: "overall 6", feedback: { overall: 6 } },
    { case: "overall 2.5", feedback: { overall: 2.5 } },
    { case: "audio 9", feedback: { overall: 3, audio_quality: 9 } },
    { case: "a forged host", feedback: { overall: 3, host_user_id: 1 } },
    { case: "text too long", feedback: { overall: 3, general_feedback: "x".repeat(5_001) } },
  ])("$case → 400, nothing stored", async ({ feedback }) => {
    const s = await scene();
    const res = await s.people.owner.client.post(FEEDBACK, body(s, feedback));
    expect(res.statusCode).toBe(400);
    expect(await stored(s.event)).toHaveLength(0);
  });

  test("only once the session has ended, and only for a session of the event named", async () => {
    const live = await scene("postevent");
    const early = await live.people.owner.client.post(FEEDBACK, body(live));
    expect(early.statusCode).toBe(409);
    expect(errorCode(early)).toBe("session_not_ended");

    const s = await scene();
    const other = await scene();
    const mixed = await s.people.owner.client.post(FEEDBACK, { ...body(s), event_id: other.event });
    expect(errorCode(mixed)).toBe("session_not_found");
    const foreign = await s.people.owner.client.post(FEEDBACK, body(other));
    expect(foreign.statusCode).toBe(403);
    expect(await stored(s.event)).toHaveLength(0);
    expect(await stored(other.event)).toHaveLength(0);
  });
});
