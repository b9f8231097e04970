import { describe, expect, test } from "vitest";
import { planBanner, planStanding, planStatus, seesPlanNotices, sessionRuntime } from "./rules";
import type { PlanDetails } from "./schemas";

const NOW = Date.parse("2026-03-15T12:00:00Z");
const HOUR = 3_600_000;

describe("planStatus", () => {
  test.each([
    { case: "never subscribed", subscription: null, want: "none" },
    { case: "open-ended", subscription: { endDate: null, canceledAt: null }, want: "current" },
    { case: "ends later", subscription: { endDate: NOW + 1, canceledAt: null }, want: "current" },
    { case: "ended", subscription: { endDate: NOW, canceledAt: null }, want: "expired" },
    { case: "canceled", subscription: { endDate: NOW + HOUR, canceledAt: NOW - 1 }, want: "canceled" },
    { case: "canceled and ended", subscription: { endDate: NOW - 1, canceledAt: NOW - 1 }, want: "canceled" },
  ] as const)("$case → $want", ({ subscription, want }) => {
    expect(planStatus(subscription, NOW)).toBe(want);
  });
});

describe("planStanding (spec 2 §4: no minutes left)", () => {
  test.each([
    { case: "no subscription (self-hosted)", status: "none", hours: 1, used: 1e9, want: [true, false] },
    { case: "current, within hours", status: "current", hours: 5, used: 17_999, want: [true, false] },
    { case: "current, hours used up", status: "current", hours: 5, used: 18_000, want: [true, true] },
    { case: "current, unlimited", status: "current", hours: null, used: 1e9, want: [true, false] },
    { case: "expired", status: "expired", hours: 5, used: 0, want: [false, false] },
    { case: "canceled", status: "canceled", hours: null, used: 0, want: [false, false] },
  ] as const)("$case", ({ status, hours, used, want }) => {
    const standing = planStanding({ status, totalMonthlyHours: hours, usedSecondsThisMonth: used });
    expect([standing.isActive, standing.monthlyHoursExceeded]).toEqual(want);
  });
});

const plan = (totalMonthlyHours: number | null) => ({
  title: "Starter",
  isFreeTrial: false,
  totalMonthlyHours,
  sessionMaxRuntimeHours: null,
  liveAttendeeLimit: null,
});

describe("planBanner (spec 2 §2)", () => {
  test.each([
    { case: "self-hosted", status: "none", plan: null, used: 0, want: null },
    { case: "within hours", status: "current", plan: plan(10), used: 35_999, want: null },
    {
      case: "hours reached",
      status: "current",
      plan: plan(10),
      used: 36_000,
      want: "Max Monthly Plan Hours Reached|You have reached your plan limit of 10 hrs per month",
    },
    { case: "unlimited", status: "current", plan: plan(null), used: 1e9, want: null },
    {
      case: "expired",
      status: "expired",
      plan: plan(10),
      used: 1e9,
      want: "Your plan has expired|Please select a plan to continue",
    },
    {
      case: "canceled",
      status: "canceled",
      plan: plan(10),
      used: 0,
      want: "Not currently on an active plan|Please select a plan to continue",
    },
  ] as const)("$case", ({ status, plan, used, want }) => {
    const banner = planBanner({ status, plan, usedSecondsThisMonth: used } as PlanDetails);
    expect(banner && `${banner.title}|${banner.text}`).toBe(want);
  });
});

describe("sessionRuntime (spec 2 §8, §9: SESSION_RUNTIME_WARNING_MS before the maximum)", () => {
  const since = NOW - 2 * HOUR;
  test.each([
    { case: "not on air", onAirSince: null, max: 2, now: NOW, want: null },
    { case: "no maximum", onAirSince: since, max: null, now: NOW, want: null },
    { case: "11 minutes left", onAirSince: since, max: 2, now: NOW - 11 * 60_000, want: "running" },
    { case: "10 minutes left", onAirSince: since, max: 2, now: NOW - 10 * 60_000, want: "warning" },
    { case: "1 ms left", onAirSince: since, max: 2, now: NOW - 1, want: "warning" },
    { case: "at the maximum", onAirSince: since, max: 2, now: NOW, want: "reached" },
  ])("$case → $want", ({ onAirSince, max, now, want }) => {
    const runtime = sessionRuntime({ onAirSince, maxRuntimeHours: max, now });
    expect(runtime?.phase ?? null).toBe(want);
    if (runtime) expect(runtime.endsAt).toBe(NOW);
  });
});

describe("seesPlanNotices (spec 2 §6: only owner or admin see the session-limit warning)", () => {
  test.each([
    { case: "owner or admin", isOwnerOrAdmin: true, want: true },
    { case: "anyone else (host, moderator, speaker, guest)", isOwnerOrAdmin: false, want: false },
  ])("$case → $want", ({ isOwnerOrAdmin, want }) => {
    expect(seesPlanNotices({ isOwnerOrAdmin })).toBe(want);
  });
});
