import type { SessionState } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene, topicMessages } from "../../testing/room-scene";

const UPDATE = "/api/video-session/update-video-session";

// Spec 2 §4 go-live popover, 'Yes, call the audience': the event topic tells the other sessions' rooms.
describeOnEachDatabase("go live: call the audience", (use) => {
  const app = useTestApp(use);
  const scene = (state: SessionState, multiSession = true) =>
    roomScene(app().server, use(), {
      session: { state, title: "Main stage" },
      event: { multi_session: multiSession },
    });
  const sessionState = async (sessionId: number) =>
    (await use().query<{ state: string }>("SELECT state FROM video_sessions WHERE id = $1", [sessionId]))[0]
      ?.state;
  // The agenda's session.updated of each move goes there too (sessions/agenda-topic.test.ts).
  const eventMessages = async (eventId: number) =>
    (await topicMessages(use(), `event:${eventId}`))
      .filter((m) => m.event !== "session.updated")
      .map((m) => [m.kind, m.event, m.payload]);

  test("go live with call_audience true publishes audience.called on the event topic", async () => {
    const s = await scene("greenroom");
    const res = await s.people.host.client.post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      is_recording: false,
      call_audience: true,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await use().query<{ url_hash: string }>(
      "SELECT url_hash FROM video_sessions WHERE id = $1",
      [s.session],
    );
    expect(await eventMessages(s.event)).toEqual([
      ["broadcast", "audience.called", { sessionId: s.session, urlHash: row?.url_hash, title: "Main stage" }],
    ]);
  });

  test("a session without a title is called by the event's title", async () => {
    const s = await scene("greenroom");
    await use().query("UPDATE video_sessions SET title = '' WHERE id = $1", [s.session]);
    await s.people.owner.client.post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      call_audience: true,
    });
    expect((await eventMessages(s.event))[0]?.[2]).toMatchObject({ title: "Test event" });
  });

  test.each([
    { case: "call_audience false", callAudience: false },
    { case: "call_audience absent", callAudience: undefined },
  ])("go live with $case publishes nothing on the event topic", async ({ callAudience }) => {
    const s = await scene("greenroom");
    const res = await s.people.host.client.post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      call_audience: callAudience,
    });
    expect(res.statusCode).toBe(200);
    expect(await sessionState(s.session)).toBe("broadcasting");
    expect(await eventMessages(s.event)).toEqual([]);
  });

  test.each<{ from: SessionState; to: SessionState; callAudience?: boolean; status: number }>([
    { from: "scheduled", to: "greenroom", status: 200 },
    { from: "broadcasting", to: "postevent", status: 200 },
    { from: "greenroom", to: "scheduled", status: 200 },
    { from: "scheduled", to: "greenroom", callAudience: true, status: 400 },
    { from: "broadcasting", to: "postevent", callAudience: true, status: 400 },
  ])("$from → $to with call_audience $callAudience: $status, no call", async (move) => {
    const s = await scene(move.from);
    if (move.from === "broadcasting") {
      await use().query(
        "INSERT INTO video_session_streams (video_session_id, active_state, is_recording) VALUES ($1, 'recording', false)",
        [s.session],
      );
    }
    const res = await s.people.host.client.post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: move.to,
      call_audience: move.callAudience,
    });
    expect(res.statusCode).toBe(move.status);
    expect(await sessionState(s.session)).toBe(move.status === 200 ? move.to : move.from);
    expect(await eventMessages(s.event)).toEqual([]);
  });

  test("a single-session event refuses call_audience true: 400 invalid_request, nothing moves", async () => {
    const s = await scene("greenroom", false);
    const res = await s.people.host.client.post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      call_audience: true,
    });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe("invalid_request");
    expect(await sessionState(s.session)).toBe("greenroom");
    expect(await topicMessages(use(), `session:${s.session}`)).toEqual([]);
    expect(await eventMessages(s.event)).toEqual([]);
  });

  test("a guest asking to call the audience is refused (403) and nobody is called", async () => {
    const s = await scene("greenroom");
    const res = await s.people.guest.client.post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      call_audience: true,
    });
    expect(res.statusCode).toBe(403);
    expect(await eventMessages(s.event)).toEqual([]);
  });
});
