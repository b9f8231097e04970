import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { roleMatrixClients, roomScene } from "../../testing/room-scene";

const HOUR = 3_600_000;
/** Mid-month, so the month's first day and today are both in the usage. */
const NOW = Date.parse("2031-03-15T12:00:00Z");

describeOnEachDatabase("GET /api/channel/plan", (use) => {
  const app = useTestApp(use, { clock: () => new Date(NOW) });
  const scene = () => roomScene(app().server, use(), { session: { state: "ended" } });
  const url = (organizationId: number | string) => `/api/channel/plan?organization_id=${organizationId}`;
  const stream = (sessionId: number, from: number, to: number | null) =>
    use().query(
      `INSERT INTO video_session_streams (video_session_id, active_state, broadcast_started_at, broadcast_ended_at)
       VALUES ($1, $2, $3, $4)`,
      [sessionId, to === null ? "streaming" : "ended", new Date(from), to === null ? null : new Date(to)],
    );

  test.each([
    { who: "visitor", status: 401 },
    { who: "guest", status: 403 },
    { who: "host", status: 403 },
    { who: "moderator", status: 403 },
    { who: "eventAdmin", status: 403 },
    { who: "member", status: 403 },
    { who: "outsider", status: 403 },
    { who: "channelAdmin", status: 200 },
    { who: "owner", status: 200 },
  ])("the $who gets $status (spec 2 §6: only owner or admin)", async ({ who, status }) => {
    const s = await scene();
    const client = (await roleMatrixClients(s, "guest"))(who);
    expect((await client.get(url(s.channel))).statusCode).toBe(status);
  });

  test("a malformed channel id is a 400; another channel's plan is refused", async () => {
    const s = await scene();
    expect((await s.people.owner.client.get(url("abc"))).statusCode).toBe(400);
    const other = await s.g.channel();
    expect((await s.people.owner.client.get(url(other))).statusCode).toBe(403);
  });

  test("the plan, its limits and the month's broadcast time by UTC day, counted from on-air time", async () => {
    const s = await scene();
    const plan = await s.g.plan({
      title: `Starter ${s.channel}`,
      total_monthly_hours: 10,
      session_max_runtime_hours: 3,
    });
    await use().query("UPDATE subscriptions SET plan_id = $2, end_date = $3 WHERE organization_id = $1", [
      s.channel,
      plan,
      new Date(NOW + 30 * 24 * HOUR),
    ]);
    // Last month's hour straddling midnight into the 1st: only its half in March counts.
    await stream(s.session, Date.parse("2031-02-28T23:30:00Z"), Date.parse("2031-03-01T00:30:00Z"));
    // Across midnight of the 14th, and one still on air today.
    await stream(s.otherSession, Date.parse("2031-03-14T23:00:00Z"), Date.parse("2031-03-15T01:00:00Z"));
    await stream(s.session, NOW - HOUR, null);
    // Not on air yet (a countdown): nothing counts.
    await use().query(
      "INSERT INTO video_session_streams (video_session_id, active_state) VALUES ($1, 'countdown')",
      [s.otherSession],
    );

    const res = await s.people.owner.client.get(url(s.channel));
    expect(res.statusCode).toBe(200);
    const details = res.json();
    expect(details).toMatchObject({
      status: "current",
      plan: { totalMonthlyHours: 10, sessionMaxRuntimeHours: 3, isFreeTrial: false },
      sessionMaxRuntimeHours: 3,
      usedSecondsThisMonth: 1_800 + 7_200 + 3_600,
    });
    expect(details.usageByDay).toHaveLength(15);
    const byDate = Object.fromEntries(
      details.usageByDay.map((d: { date: string; seconds: number }) => [d.date, d.seconds]),
    );
    expect(byDate).toMatchObject({
      "2031-03-01": 1_800,
      "2031-03-14": 3_600,
      "2031-03-15": 7_200,
      "2031-03-02": 0,
    });

    // The channel's own limit is over the plan's.
    await use().query("UPDATE organizations SET session_max_runtime_hours = 5 WHERE id = $1", [s.channel]);
    expect((await s.people.owner.client.get(url(s.channel))).json().sessionMaxRuntimeHours).toBe(5);
  });

  test.each([
    { case: "a channel that never had a plan", sql: "DELETE FROM subscriptions", status: "none" },
    {
      case: "an ended plan",
      sql: "UPDATE subscriptions SET end_date = '2031-03-01T00:00:00Z'",
      status: "expired",
    },
    {
      case: "a canceled plan",
      sql: "UPDATE subscriptions SET canceled_at = '2031-03-10T00:00:00Z'",
      status: "canceled",
    },
  ])("$case is '$status'", async ({ sql, status }) => {
    const s = await scene();
    await use().query(`${sql} WHERE organization_id = $1`, [s.channel]);
    expect((await s.people.owner.client.get(url(s.channel))).json().status).toBe(status);
  });
});
