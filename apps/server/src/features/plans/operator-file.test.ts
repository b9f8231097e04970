import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { applyPlansFile, PlansFile, readPlansFile } from "./operator-file";
import { planDetailsOf } from "./service";

const NOW = new Date("2031-03-15T12:00:00Z");
const LATER = new Date("2031-03-20T12:00:00Z");

describeOnEachDatabase("PLANS_FILE (the operator's plans)", (use) => {
  async function channel() {
    const g = given(use());
    const id = await g.channel();
    await use().query("DELETE FROM subscriptions WHERE organization_id = $1", [id]);
    const [row] = await use().query<{ channel_name: string }>(
      "SELECT channel_name FROM organizations WHERE id = $1",
      [id],
    );
    return { id, name: row?.channel_name ?? "" };
  }
  const file = (channelName: string, assignment: Record<string, unknown>, hours = 20) =>
    PlansFile.parse({
      plans: [{ title: `Team ${channelName}`, totalMonthlyHours: hours, sessionMaxRuntimeHours: 4 }],
      channels: [{ channel: channelName, plan: `Team ${channelName}`, ...assignment }],
    });
  const subscriptions = async (id: number) =>
    (
      await use().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM subscriptions WHERE organization_id = $1",
        [id],
      )
    )[0]?.n;

  test("a channel the file does not list stays unlimited", async () => {
    const c = await channel();
    await applyPlansFile(use(), PlansFile.parse({}), NOW);
    expect((await planDetailsOf(use(), c.id, NOW))?.status).toBe("none");
  });

  test("the file's plan is the channel's; applying it again changes nothing; a new end date renews", async () => {
    const c = await channel();
    const endDate = "2031-03-18T00:00:00Z";
    await applyPlansFile(use(), file(c.name, { endDate }), NOW);
    await applyPlansFile(use(), file(c.name, { endDate }, 30), NOW);
    expect(await subscriptions(c.id)).toBe(1);
    expect(await planDetailsOf(use(), c.id, NOW)).toMatchObject({
      status: "current",
      plan: { title: `Team ${c.name}`, totalMonthlyHours: 30 },
      sessionMaxRuntimeHours: 4,
    });
    // The end date passes: 'Your plan has expired'; the operator renews it.
    expect((await planDetailsOf(use(), c.id, LATER))?.status).toBe("expired");
    await applyPlansFile(use(), file(c.name, { endDate: "2031-06-01T00:00:00Z" }), LATER);
    expect(await subscriptions(c.id)).toBe(2);
    expect((await planDetailsOf(use(), c.id, LATER))?.status).toBe("current");
  });

  test("plan null ends the channel's subscription: 'Not currently on an active plan'", async () => {
    const c = await channel();
    await applyPlansFile(use(), file(c.name, {}), NOW);
    await applyPlansFile(use(), file(c.name, { plan: null, sessionMaxRuntimeHours: 2 }), LATER);
    expect(await planDetailsOf(use(), c.id, LATER)).toMatchObject({
      status: "canceled",
      sessionMaxRuntimeHours: 2,
    });
  });

  test("an unknown channel, or a new plan ending in the past, stops the start and changes nothing", async () => {
    const c = await channel();
    await expect(applyPlansFile(use(), file("no-such-channel", {}), NOW)).rejects.toThrow(
      "there is no channel named 'no-such-channel'",
    );
    await expect(
      applyPlansFile(use(), file(c.name, { endDate: "2031-03-01T00:00:00Z" }), NOW),
    ).rejects.toThrow("cannot end in the past");
    expect(await subscriptions(c.id)).toBe(0);
    const [plan] = await use().query("SELECT id FROM plans WHERE title = $1", [`Team ${c.name}`]);
    expect(plan).toBeUndefined();
  });
});

test.each([
  {
    case: "a plan the file lacks",
    body: { channels: [{ channel: "demo", plan: "Gold" }] },
    want: "channels.0.plan: no plan titled 'Gold'",
  },
  {
    case: "zero hours",
    body: { plans: [{ title: "Zero", totalMonthlyHours: 0 }] },
    want: "plans.0.totalMonthlyHours",
  },
  { case: "an unknown field", body: { plan: [] }, want: "Unrecognized key" },
])("a PLANS_FILE with $case is refused, naming the field", async ({ body, want }) => {
  const dir = await mkdtemp(path.join(tmpdir(), "onstage-plans-"));
  const file = path.join(dir, "plans.json");
  await writeFile(file, JSON.stringify(body));
  await expect(readPlansFile(file)).rejects.toThrow(want);
});
