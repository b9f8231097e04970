import type { PlanDetails } from "@onstage/domain";

// The billing tab's figures: broadcast time in hours, the way plans count it.

/** '2.5 hrs' with at most one decimal; under a tenth of an hour still shows as used. */
export function hoursText(seconds: number): string {
  const hours = seconds / 3_600;
  const shown = hours > 0 && hours < 0.1 ? 0.1 : Math.round(hours * 10) / 10;
  return `${shown} ${shown === 1 ? "hr" : "hrs"}`;
}

/** Hours used against the monthly limit: '3.5 hrs of 10 hrs' or '3.5 hrs (unlimited)'. */
export function monthlyUsageText(details: Pick<PlanDetails, "plan" | "usedSecondsThisMonth">): string {
  const used = hoursText(details.usedSecondsThisMonth);
  const limit = details.plan?.totalMonthlyHours ?? null;
  return limit === null ? `${used} (unlimited)` : `${used} of ${hoursText(limit * 3_600)}`;
}

/** A limit for the list: '4 hrs', '500 attendees', or 'Unlimited'. */
export function limitText(value: number | null, unit: "hrs" | "attendees"): string {
  if (value === null) return "Unlimited";
  return unit === "hrs" ? hoursText(value * 3_600) : `${value} attendees`;
}

/** The chart's points: hours per day, to two decimals. */
export const hoursByDay = (details: Pick<PlanDetails, "usageByDay">) =>
  details.usageByDay.map((day) => ({ date: day.date, hours: Math.round((day.seconds / 3_600) * 100) / 100 }));
