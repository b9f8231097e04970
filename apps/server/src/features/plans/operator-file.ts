import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { Database, Queryable } from "../../platform/database";
import * as q from "./queries";

// A self-hosted instance's plans are its operator's (issue 13 item 6): PLANS_FILE names a JSON file of
// plans and the channels they are assigned to, applied at every start. Without it, or for a channel it
// does not list, nothing changes: a channel that never had a subscription is unlimited.

const Hours = z.number().int().positive().nullable().default(null);

export const PlansFile = z
  .object({
    plans: z
      .array(
        z
          .object({
            title: z.string().trim().min(1).max(200),
            totalMonthlyHours: Hours,
            sessionMaxRuntimeHours: Hours,
            liveAttendeeLimit: Hours,
          })
          .strict(),
      )
      .default([]),
    channels: z
      .array(
        z
          .object({
            /** The channel's name, as in /@{channelName}. */
            channel: z.string().trim().min(1),
            /** A plan of this file; null ends the channel's current subscription ('Not currently on an active plan'). */
            plan: z.string().trim().min(1).nullable(),
            /** When the plan ends ('Your plan has expired' from then on); null: it does not. */
            endDate: z.iso.datetime({ offset: true }).nullable().default(null),
            /** The channel's own maximum runtime of a session, over the plan's; null: the plan's. */
            sessionMaxRuntimeHours: Hours,
          })
          .strict(),
      )
      .default([]),
  })
  .strict()
  .superRefine((file, ctx) => {
    const titles = new Set(file.plans.map((p) => p.title));
    file.channels.forEach((c, i) => {
      if (c.plan !== null && !titles.has(c.plan))
        ctx.addIssue({
          code: "custom",
          path: ["channels", i, "plan"],
          message: `no plan titled '${c.plan}'`,
        });
    });
  });
export type PlansFile = z.infer<typeof PlansFile>;

/** Reads and validates the file; any mistake stops the start with the file's name and the field. */
export async function readPlansFile(path: string): Promise<PlansFile> {
  const parsed = PlansFile.safeParse(JSON.parse(await readFile(path, "utf8")));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  throw new Error(`Invalid PLANS_FILE ${path}: ${problems}`);
}

/**
 * Plans are upserted by title; a channel gets a new subscription from `now` only when its current one
 * differs (another plan, another end date, canceled), so applying the same file again changes nothing
 * and past subscriptions stay as history.
 */
export async function applyPlansFile(db: Database, file: PlansFile, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const planIds = new Map<string, number>();
    for (const plan of file.plans) {
      planIds.set(plan.title, await q.upsertPlan(tx, plan));
    }
    for (const assignment of file.channels) {
      const organizationId = await channelId(tx, assignment.channel);
      await q.setChannelMaxRuntime(tx, organizationId, assignment.sessionMaxRuntimeHours);
      const planId = assignment.plan === null ? null : (planIds.get(assignment.plan) ?? null);
      const endDate = assignment.endDate === null ? null : new Date(assignment.endDate);
      await assign(tx, { organizationId, channel: assignment.channel }, planId, endDate, now);
    }
  });
}

async function channelId(tx: Queryable, channelName: string): Promise<number> {
  const id = await q.findChannelIdByName(tx, channelName);
  if (id === null) throw new Error(`PLANS_FILE: there is no channel named '${channelName}'`);
  return id;
}

async function assign(
  tx: Queryable,
  { organizationId, channel }: { organizationId: number; channel: string },
  planId: number | null,
  endDate: Date | null,
  now: Date,
) {
  const latest = await q.findLatestSubscription(tx, organizationId, now);
  if (planId === null) {
    if (latest && latest.canceledAt === null) await q.cancelSubscription(tx, latest.id, now);
    return;
  }
  const isSame =
    latest !== null &&
    latest.planId === planId &&
    latest.canceledAt === null &&
    (latest.endDate?.getTime() ?? null) === (endDate?.getTime() ?? null);
  if (isSame) return;
  if (endDate !== null && endDate <= now)
    throw new Error(`PLANS_FILE: the new plan of channel '${channel}' cannot end in the past`);
  await q.insertSubscription(tx, { organizationId, planId, startDate: now, endDate });
}
