import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { Database, Queryable } from "../../platform/database";

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
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO plans (title, total_monthly_hours, session_max_runtime_hours, live_attendee_limit)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (title) DO UPDATE SET total_monthly_hours = $2, session_max_runtime_hours = $3,
           live_attendee_limit = $4
         RETURNING id`,
        [plan.title, plan.totalMonthlyHours, plan.sessionMaxRuntimeHours, plan.liveAttendeeLimit],
      );
      planIds.set(plan.title, Number(row?.id));
    }
    for (const assignment of file.channels) {
      const organizationId = await channelId(tx, assignment.channel);
      await tx.query("UPDATE organizations SET session_max_runtime_hours = $2 WHERE id = $1", [
        organizationId,
        assignment.sessionMaxRuntimeHours,
      ]);
      const planId = assignment.plan === null ? null : (planIds.get(assignment.plan) ?? null);
      const endDate = assignment.endDate === null ? null : new Date(assignment.endDate);
      await assign(tx, { organizationId, channel: assignment.channel }, planId, endDate, now);
    }
  });
}

async function channelId(tx: Queryable, channelName: string): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    "SELECT id FROM organizations WHERE channel_name = $1 AND deleted_at IS NULL",
    [channelName],
  );
  if (!row) throw new Error(`PLANS_FILE: there is no channel named '${channelName}'`);
  return Number(row.id);
}

async function assign(
  tx: Queryable,
  { organizationId, channel }: { organizationId: number; channel: string },
  planId: number | null,
  endDate: Date | null,
  now: Date,
) {
  const [latest] = await tx.query<{
    id: number;
    plan_id: number;
    end_date: Date | null;
    canceled_at: Date | null;
  }>(
    `SELECT id, plan_id, end_date, canceled_at FROM subscriptions
      WHERE organization_id = $1 AND start_date <= $2 ORDER BY start_date DESC, id DESC LIMIT 1`,
    [organizationId, now],
  );
  if (planId === null) {
    if (latest && latest.canceled_at === null)
      await tx.query("UPDATE subscriptions SET canceled_at = $2 WHERE id = $1", [latest.id, now]);
    return;
  }
  const isSame =
    latest !== undefined &&
    Number(latest.plan_id) === planId &&
    latest.canceled_at === null &&
    (latest.end_date?.getTime() ?? null) === (endDate?.getTime() ?? null);
  if (isSame) return;
  if (endDate !== null && endDate <= now)
    throw new Error(`PLANS_FILE: the new plan of channel '${channel}' cannot end in the past`);
  await tx.query(
    "INSERT INTO subscriptions (organization_id, plan_id, start_date, end_date) VALUES ($1, $2, $3, $4)",
    [organizationId, planId, now, endDate],
  );
}
