import { SESSION_RUNTIME_WARNING_MS } from "../constants";
import type { ViewerFlags } from "../roles/rules";
import type { PlanDetails, PlanStatus } from "./schemas";

const HOUR_MS = 3_600_000;

/**
 * The channel's latest started subscription as of `now` (null: it never had one). A canceled one is
 * 'Not currently on an active plan' even before its end date: the operator took the plan away.
 */
export function planStatus(
  subscription: { endDate: number | null; canceledAt: number | null } | null,
  now: number,
): PlanStatus {
  if (subscription === null) return "none";
  if (subscription.canceledAt !== null && subscription.canceledAt <= now) return "canceled";
  return subscription.endDate !== null && subscription.endDate <= now ? "expired" : "current";
}

export interface PlanUsage {
  status: PlanStatus;
  totalMonthlyHours: number | null;
  usedSecondsThisMonth: number;
}

/**
 * Spec 2 §4 / spec 3 §4 plan standing for entering the greenroom: a channel without any subscription
 * is a self-hosted one without billing (active, unlimited); otherwise the subscription must be current,
 * and the month's broadcast time within the plan's monthly hours (null: unlimited).
 */
export function planStanding(usage: PlanUsage): { isActive: boolean; monthlyHoursExceeded: boolean } {
  if (usage.status === "none") return { isActive: true, monthlyHoursExceeded: false };
  const limitSeconds =
    usage.totalMonthlyHours === null ? Number.POSITIVE_INFINITY : usage.totalMonthlyHours * 3_600;
  return {
    isActive: usage.status === "current",
    monthlyHoursExceeded: usage.usedSecondsThisMonth >= limitSeconds,
  };
}

export type PlanBanner =
  | { kind: "expired" | "inactive"; title: string; text: "Please select a plan to continue" }
  | { kind: "hours_reached"; title: "Max Monthly Plan Hours Reached"; text: string };

/** Spec 2 §2 plan banners: an expired or missing plan first (nothing can start), then the month's hours. */
export function planBanner(
  details: Pick<PlanDetails, "status" | "plan" | "usedSecondsThisMonth">,
): PlanBanner | null {
  const text = "Please select a plan to continue";
  if (details.status === "expired") return { kind: "expired", title: "Your plan has expired", text };
  if (details.status === "canceled")
    return { kind: "inactive", title: "Not currently on an active plan", text };
  const hours = details.plan?.totalMonthlyHours ?? null;
  const standing = planStanding({ ...details, totalMonthlyHours: hours });
  if (hours === null || !standing.monthlyHoursExceeded) return null;
  return {
    kind: "hours_reached",
    title: "Max Monthly Plan Hours Reached",
    text: `You have reached your plan limit of ${hours} hrs per month`,
  };
}

/** Spec 2 §6: only owner or admin see the session-limit warning; the plan banners go to them too. */
export const seesPlanNotices = (flags: Pick<ViewerFlags, "isOwnerOrAdmin">) => flags.isOwnerOrAdmin;

export type SessionRuntimePhase = "running" | "warning" | "reached";

/**
 * Spec 2 §8, §9: a broadcast's maximum runtime, counted from the stream's on-air time: 'Session limit
 * approaching' from SESSION_RUNTIME_WARNING_MS before it, and the server ends the live at it (decision
 * in docs/decisions.md). Null when nothing is on air or there is no maximum.
 */
export function sessionRuntime(input: {
  onAirSince: number | null;
  maxRuntimeHours: number | null;
  now: number;
}): { endsAt: number; phase: SessionRuntimePhase } | null {
  if (input.onAirSince === null || input.maxRuntimeHours === null) return null;
  const endsAt = input.onAirSince + input.maxRuntimeHours * HOUR_MS;
  if (input.now >= endsAt) return { endsAt, phase: "reached" };
  return { endsAt, phase: input.now >= endsAt - SESSION_RUNTIME_WARNING_MS ? "warning" : "running" };
}
