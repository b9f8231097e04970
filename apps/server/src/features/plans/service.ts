import { NotFound, type PlanDetails, type PlanDetailsQuery, planStanding, planStatus } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { FeatureDeps } from "../deps";
import { requireChannelManager } from "../moderation/service";
import { findPlanRow, listSessionsPastMaxRuntime, listUsageByDay } from "./queries";

// Plan limits (spec 2 §2, §3, §4, §8): the one home of "where does this channel stand with its plan".

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The channel's plan details as of `now`; null when there is no such channel. */
export async function planDetailsOf(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<PlanDetails | null> {
  const row = await findPlanRow(db, organizationId, now);
  if (!row) return null;
  const usageByDay = await listUsageByDay(db, organizationId, now);
  const sub = row.subscription;
  return {
    organizationId,
    status: planStatus(
      sub && { endDate: sub.endDate?.getTime() ?? null, canceledAt: sub.canceledAt?.getTime() ?? null },
      now.getTime(),
    ),
    plan: row.plan,
    endDate: iso(sub?.endDate ?? null),
    sessionMaxRuntimeHours: row.channelMaxRuntimeHours ?? row.plan?.sessionMaxRuntimeHours ?? null,
    usedSecondsThisMonth: usageByDay.reduce((sum, day) => sum + day.seconds, 0),
    usageByDay,
  };
}

/** Spec 2 §4: may the channel start a session (enter the greenroom) now? */
export async function planStandingOf(db: Queryable, organizationId: number, now: Date) {
  const details = await planDetailsOf(db, organizationId, now);
  if (!details) throw NotFound("session_not_found");
  return planStanding({ ...details, totalMonthlyHours: details.plan?.totalMonthlyHours ?? null });
}

/** The broadcasting sessions that reached their maximum runtime (session control ends them). */
export const sessionsPastMaxRuntime = listSessionsPastMaxRuntime;

export function planService(deps: Pick<FeatureDeps, "db" | "clock">) {
  return {
    /** GET /api/channel/plan: the channel's owner and admins only (spec 2 §6). */
    async details(viewerUserId: number, query: PlanDetailsQuery): Promise<PlanDetails> {
      await requireChannelManager(deps.db, query.organization_id, viewerUserId);
      const details = await planDetailsOf(deps.db, query.organization_id, deps.clock());
      if (!details) throw NotFound("channel_not_found");
      return details;
    },
  };
}
