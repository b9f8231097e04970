import type { PlanDetails } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { dismissBanner, isBannerDismissed } from "./dismissals";
import { isOutOfMinutes, runtimeNotice } from "./runtimeNotice";
import { hoursByDay, hoursText, limitText, monthlyUsageText } from "./usage";

const MINUTE = 60_000;
const START = "2031-03-15T10:00:00.000Z";
const at = (minutes: number) => Date.parse(START) + minutes * MINUTE;

const details = (fields: Partial<PlanDetails>): PlanDetails => ({
  organizationId: 1,
  status: "current",
  plan: {
    title: "Team",
    isFreeTrial: false,
    totalMonthlyHours: 10,
    sessionMaxRuntimeHours: 2,
    liveAttendeeLimit: null,
  },
  endDate: null,
  sessionMaxRuntimeHours: 2,
  usedSecondsThisMonth: 0,
  usageByDay: [],
  ...fields,
});

describe("runtimeNotice (spec 2 §8: 'Session limit approaching')", () => {
  const live = { broadcastStartedAt: START, broadcastEndedAt: null };
  test.each([
    { case: "11 minutes left", state: "broadcasting", stream: live, now: at(109), want: null },
    { case: "10 minutes left", state: "broadcasting", stream: live, now: at(110), want: "approaching" },
    {
      case: "past the maximum, not ended yet",
      state: "broadcasting",
      stream: live,
      now: at(121),
      want: "approaching",
    },
    {
      case: "countdown (not on air)",
      state: "broadcasting",
      stream: { broadcastStartedAt: null, broadcastEndedAt: null },
      now: at(500),
      want: null,
    },
    {
      case: "ended by the server at the maximum",
      state: "postevent",
      stream: { broadcastStartedAt: START, broadcastEndedAt: new Date(at(120) + 9_000).toISOString() },
      now: at(200),
      want: "reached",
    },
    {
      case: "ended by the host before",
      state: "postevent",
      stream: { broadcastStartedAt: START, broadcastEndedAt: new Date(at(100)).toISOString() },
      now: at(200),
      want: null,
    },
  ] as const)("$case → $want", ({ state, stream, now, want }) => {
    expect(runtimeNotice({ state, stream, maxRuntimeHours: 2, now })?.kind ?? null).toBe(want);
  });

  test("without a maximum nothing is shown", () => {
    expect(
      runtimeNotice({ state: "broadcasting", stream: live, maxRuntimeHours: null, now: at(10_000) }),
    ).toBeNull();
  });
});

describe("isOutOfMinutes (Enter greenroom knows the plan)", () => {
  test.each([
    { case: "not loaded (not owner or admin)", details: undefined, want: false },
    { case: "self-hosted", details: details({ status: "none", plan: null }), want: false },
    { case: "within hours", details: details({ usedSecondsThisMonth: 35_999 }), want: false },
    { case: "hours used up", details: details({ usedSecondsThisMonth: 36_000 }), want: true },
    { case: "expired", details: details({ status: "expired" }), want: true },
    { case: "canceled", details: details({ status: "canceled" }), want: true },
  ])("$case → $want", ({ details, want }) => {
    expect(isOutOfMinutes(details)).toBe(want);
  });
});

describe("banner dismissal (per channel and kind, for the tab)", () => {
  test("a dismissed banner stays dismissed; another kind or channel does not", () => {
    const values = new Map<string, string>();
    const store = {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => void values.set(k, v),
    };
    dismissBanner(store, 7, "expired");
    expect(isBannerDismissed(store, 7, "expired")).toBe(true);
    expect(isBannerDismissed(store, 7, "hours_reached")).toBe(false);
    expect(isBannerDismissed(store, 8, "expired")).toBe(false);
  });

  test("a storage that throws never breaks the page", () => {
    const store = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => dismissBanner(store, 1, "inactive")).not.toThrow();
    expect(isBannerDismissed(store, 1, "inactive")).toBe(false);
  });
});

describe("billing figures", () => {
  test.each([
    { seconds: 0, want: "0 hrs" },
    { seconds: 60, want: "0.1 hrs" },
    { seconds: 3_600, want: "1 hr" },
    { seconds: 9_000, want: "2.5 hrs" },
  ])("$seconds s → $want", ({ seconds, want }) => {
    expect(hoursText(seconds)).toBe(want);
  });

  test("usage against the limit, limits and the chart's points", () => {
    expect(monthlyUsageText(details({ usedSecondsThisMonth: 12_600 }))).toBe("3.5 hrs of 10 hrs");
    expect(monthlyUsageText(details({ plan: null, usedSecondsThisMonth: 3_600 }))).toBe("1 hr (unlimited)");
    expect(limitText(null, "hrs")).toBe("Unlimited");
    expect(limitText(500, "attendees")).toBe("500 attendees");
    expect(hoursByDay(details({ usageByDay: [{ date: "2031-03-01", seconds: 5_400 }] }))).toEqual([
      { date: "2031-03-01", hours: 1.5 },
    ]);
  });
});
