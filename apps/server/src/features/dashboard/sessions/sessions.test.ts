import type { DashSessionResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { dashWorld, inHours } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";
import { topicMessages } from "../../../testing/room-scene";

const session = (fields: Record<string, unknown> = {}) => ({
  title: "Day 2",
  timeScheduled: inHours(72),
  durationMinutes: 45,
  ...fields,
});

describeOnEachDatabase("dashboard sessions", (use) => {
  const app = useTestApp(use);
  const world = async () => {
    const w = await dashWorld(app().server, use());
    await use().query("UPDATE events SET multi_session = true WHERE id = $1", [w.event]);
    return w;
  };
  const liveSessions = async (eventId: number) =>
    (
      await use().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM video_sessions WHERE event_id = $1 AND deleted_at IS NULL",
        [eventId],
      )
    )[0]?.n;

  test.each([
    { who: "host", status: 201 },
    { who: "member", status: 201 },
    { who: "moderator", status: 403 },
    { who: "guest", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
  ] as const)("$who adding a session gets $status", async ({ who, status }) => {
    const w = await world();
    const res = await (await w.as(who)).post(`/api/dash/events/${w.event}/sessions`, session());
    expect(res.statusCode).toBe(status);
    expect(await liveSessions(w.event)).toBe(status === 201 ? 2 : 1);
    if (status === 201) {
      expect((res.json() as DashSessionResponse).session).toMatchObject({
        title: "Day 2",
        durationMinutes: 45,
        sessionType: "regular",
        broadcastType: "webrtc",
      });
    }
  });

  test.each([
    { case: "a duration of a week", body: session({ durationMinutes: 7 * 24 * 60 }) },
    { case: "a negative duration", body: session({ durationMinutes: -5 }) },
    { case: "an unknown broadcast type", body: session({ broadcastType: "carrier-pigeon" }) },
    { case: "an over-long title", body: session({ title: "x".repeat(201) }) },
    { case: "no time", body: session({ timeScheduled: undefined }) },
  ])("adding a session with $case is 400", async ({ body }) => {
    const w = await world();
    expect((await (await w.as("owner")).post(`/api/dash/events/${w.event}/sessions`, body)).statusCode).toBe(
      400,
    );
    expect(await liveSessions(w.event)).toBe(1);
  });

  test("a single-session event refuses a second session; unknown events are 404; signed out 401", async () => {
    const w = await world();
    await use().query("UPDATE events SET multi_session = false WHERE id = $1", [w.event]);
    const owner = await w.as("owner");
    const res = await owner.post(`/api/dash/events/${w.event}/sessions`, session());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("single_session_event");
    expect((await owner.post("/api/dash/events/99999999/sessions", session())).statusCode).toBe(404);
    expect((await w.anonymous().post(`/api/dash/events/${w.event}/sessions`, session())).statusCode).toBe(
      401,
    );
  });

  test("editing a session tells its room: the session topic carries it as the room shows it", async () => {
    const w = await world();
    const host = await w.as("host");
    expect((await host.patch(`/api/dash/sessions/${w.session}`, { title: "Renamed" })).statusCode).toBe(200);
    expect((await host.patch(`/api/dash/sessions/${w.session}`, {})).statusCode).toBe(200);
    const published = await topicMessages(use(), `session:${w.session}`);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ kind: "change", event: "UPDATE", table_name: "video_sessions" });
    expect(published[0]?.payload).toMatchObject({ id: w.session, eventId: w.event, title: "Renamed" });
  });

  test("editing a session: RTMP gets a stream key; another channel's session is refused", async () => {
    const w = await world();
    const host = await w.as("host");
    const res = await host.patch(`/api/dash/sessions/${w.session}`, {
      title: "Renamed",
      sessionType: "lobby",
      broadcastType: "rtmp-native",
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as DashSessionResponse).session).toMatchObject({
      title: "Renamed",
      sessionType: "lobby",
      broadcastType: "rtmp-native",
    });
    const [row] = await use().query<{ stream_key: string | null }>(
      "SELECT stream_key FROM video_sessions WHERE id = $1",
      [w.session],
    );
    expect(row?.stream_key).toMatch(/^[0-9a-f]{32}$/);
    const [other] = await use().query<{ id: number }>("SELECT id FROM video_sessions WHERE event_id = $1", [
      w.otherEvent,
    ]);
    expect((await host.patch(`/api/dash/sessions/${other?.id}`, { title: "Mine now" })).statusCode).toBe(403);
    expect((await host.patch("/api/dash/sessions/99999999", { title: "x" })).statusCode).toBe(404);
    expect((await host.patch(`/api/dash/sessions/${w.session}`, { durationMinutes: "60" })).statusCode).toBe(
      400,
    );
    expect(
      (await (await w.as("guest")).patch(`/api/dash/sessions/${w.session}`, { title: "x" })).statusCode,
    ).toBe(403);
  });

  test("deleting: not a live session, not the last one; then a soft delete", async () => {
    const w = await world();
    const owner = await w.as("owner");
    const last = await owner.request("DELETE", `/api/dash/sessions/${w.session}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe("last_session");
    const second = (
      await owner.post(`/api/dash/events/${w.event}/sessions`, session())
    ).json() as DashSessionResponse;
    for (const state of ["greenroom", "broadcasting"]) {
      await use().query("UPDATE video_sessions SET state = $2 WHERE id = $1", [w.session, state]);
      const live = await owner.request("DELETE", `/api/dash/sessions/${w.session}`);
      expect(live.statusCode).toBe(409);
      expect(live.json().error.code).toBe("session_live");
    }
    expect(
      (await (await w.as("guest")).request("DELETE", `/api/dash/sessions/${second.session.id}`)).statusCode,
    ).toBe(403);
    expect((await owner.request("DELETE", `/api/dash/sessions/${second.session.id}`)).statusCode).toBe(204);
    expect((await owner.request("DELETE", `/api/dash/sessions/${second.session.id}`)).statusCode).toBe(404);
    expect(await liveSessions(w.event)).toBe(1);
  });
});
