import { z } from "zod";
import { Id } from "../wire";

// Plan limits (spec 2 §2 banners, §3 'Plan limit', §8, §9): what a channel's owner and admins see of
// its plan, for the banners, the 'Session limit approaching' warning and /settings?tab=billing.

/**
 * Where the channel stands with its plan: `none` is a channel that never had a subscription (a
 * self-hosted instance without billing: unlimited); `canceled` is 'Not currently on an active plan';
 * `expired` is 'Your plan has expired'.
 */
export const PlanStatus = z.enum(["none", "current", "expired", "canceled"]);
export type PlanStatus = z.infer<typeof PlanStatus>;

export const PlanDetailsQuery = z.object({ organization_id: z.coerce.number().pipe(Id) }).strict();
export type PlanDetailsQuery = z.infer<typeof PlanDetailsQuery>;

const Hours = z.number().int().positive().nullable();

/** The plan row's limits; null: unlimited. */
export const PlanLimits = z.object({
  title: z.string(),
  isFreeTrial: z.boolean(),
  totalMonthlyHours: Hours,
  sessionMaxRuntimeHours: Hours,
  liveAttendeeLimit: Hours,
});
export type PlanLimits = z.infer<typeof PlanLimits>;

/** GET /api/channel/plan: the channel's plan, this month's broadcast time by UTC day, its limits. */
export const PlanDetails = z.object({
  organizationId: z.number().int(),
  status: PlanStatus,
  /** The latest subscription's plan (also when it expired or was canceled); null without one. */
  plan: PlanLimits.nullable(),
  endDate: z.iso.datetime().nullable(),
  /** The channel's own limit, else the plan's (spec 2 §3 organization limits); null: unlimited. */
  sessionMaxRuntimeHours: Hours,
  /** Broadcast time since the start of this UTC month, counted from each stream's on-air time. */
  usedSecondsThisMonth: z.number().nonnegative(),
  /** Every day of the month so far, oldest first, with its broadcast seconds. */
  usageByDay: z.array(z.object({ date: z.iso.date(), seconds: z.number().nonnegative() })),
});
export type PlanDetails = z.infer<typeof PlanDetails>;
