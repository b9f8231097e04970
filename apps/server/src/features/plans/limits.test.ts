import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene, topicMessages } from "../../testing/room-scene";
import { sessionControlService } from "../session-control/service";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse("2031-03-15T12:00:00Z");
const UPDATE = "/api/video-session/update-video-session";

// Issue 13 item 6: the plan's limits on the server, with the app's clock moved (docs/decisions.md
// "Plan limits": a live ends at its maximum runtime; running out of monthly hours ends none).
describeOnEachDatabase("plan limits", (use) => {
  let now = START;
  const clock = () => new Date(now);
  const app = useTestApp(use, { clock });
  const control = () =>
    sessionControlService({
      db: use(),
      realtime: app().realtime.realtime,
      clock,
      lifecycle: app().lifecycle,
    });

  /** A channel on a plan of these limits, its session on air since START. */
  async function liveOnPlan(limits: { total_monthly_hours?: number; session_max_runtime_hours?: number }) {
    now = START;
    const s = await roomScene(app().server, use(), { session: { state: "broadcasting" } });
    const plan = await s.g.plan(limits);
    await use().query("UPDATE subscriptions SET plan_id = $2 WHERE organization_id = $1", [s.channel, plan]);
    await use().query("UPDATE video_sessions SET state = 'scheduled' WHERE id = $1", [s.otherSession]);
    const [stream] = await use().query<{ id: number }>(
      `INSERT INTO video_session_streams (video_session_id, active_state, broadcast_started_at)
       VALUES ($1, 'streaming', $2) RETURNING id`,
      [s.session, new Date(START)],
    );
    return { ...s, streamId: Number(stream?.id) };
  }
  const enterGreenroom = (s: Awaited<ReturnType<typeof liveOnPlan>>) =>
    s.people.owner.client.post(UPDATE, {
      video_session_id: s.otherSession,
      event_id: s.event,
      video_session_state: "greenroom",
    });
  const state = async (sessionId: number) =>
    (await use().query<{ state: string }>("SELECT state FROM video_sessions WHERE id = $1", [sessionId]))[0]
      ?.state;

  test("once the month's hours pass, Enter greenroom is refused; the live running then goes on", async () => {
    const s = await liveOnPlan({ total_monthly_hours: 1 });
    now = START + 59 * MINUTE;
    const within = await enterGreenroom(s);
    expect(within.statusCode).toBe(200);
    await s.people.owner.client.post(UPDATE, {
      video_session_id: s.otherSession,
      event_id: s.event,
      video_session_state: "scheduled",
    });

    now = START + HOUR;
    const refused = await enterGreenroom(s);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe("no_minutes_left");
    expect(await state(s.otherSession)).toBe("scheduled");
    const plan = await s.people.owner.client.get(`/api/channel/plan?organization_id=${s.channel}`);
    expect(plan.json().usedSecondsThisMonth).toBe(3_600);

    // Cutting a show in front of its audience is worse than the overrun: no maximum runtime, no end.
    now = START + 5 * HOUR;
    expect(await control().endPastMaxRuntime()).toEqual([]);
    expect(await state(s.session)).toBe("broadcasting");

    // A new month starts with its hours back.
    now = Date.parse("2031-04-01T00:00:00Z");
    await use().query(
      "UPDATE video_session_streams SET active_state = 'ended', broadcast_ended_at = $2 WHERE id = $1",
      [s.streamId, new Date(START + 5 * HOUR)],
    );
    expect((await enterGreenroom(s)).statusCode).toBe(200);
  });

  test("a live ends at its maximum runtime, counted from its on-air time, and everyone hears it", async () => {
    const s = await liveOnPlan({ session_max_runtime_hours: 2 });
    now = START + 2 * HOUR - 1;
    expect(await control().endPastMaxRuntime()).toEqual([]);
    expect(await state(s.session)).toBe("broadcasting");

    now = START + 2 * HOUR;
    expect(await control().endPastMaxRuntime()).toEqual([s.session]);
    expect(await state(s.session)).toBe("postevent");
    const [stream] = await use().query<{ active_state: string }>(
      "SELECT active_state FROM video_session_streams WHERE id = $1",
      [s.streamId],
    );
    expect(stream?.active_state).toBe("ended");
    const messages = await topicMessages(use(), `session:${s.session}`);
    expect(messages.some((m) => (m.payload as { state?: string }).state === "postevent")).toBe(true);
    // Once ended, nothing more to do.
    expect(await control().endPastMaxRuntime()).toEqual([]);
  });

  test("the channel's own maximum runtime is over its plan's", async () => {
    const s = await liveOnPlan({ session_max_runtime_hours: 1 });
    await use().query("UPDATE organizations SET session_max_runtime_hours = 3 WHERE id = $1", [s.channel]);
    now = START + 2 * HOUR;
    expect(await control().endPastMaxRuntime()).not.toContain(s.session);
    now = START + 3 * HOUR;
    expect(await control().endPastMaxRuntime()).toContain(s.session);
  });

  test("a session without a maximum (self-hosted, no plan) runs on", async () => {
    const s = await liveOnPlan({});
    await use().query("DELETE FROM subscriptions WHERE organization_id = $1", [s.channel]);
    now = START + 100 * HOUR;
    expect(await control().endPastMaxRuntime()).not.toContain(s.session);
    expect(await state(s.session)).toBe("broadcasting");
  });
});
