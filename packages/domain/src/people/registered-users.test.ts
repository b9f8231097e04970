import { describe, expect, test } from "vitest";
import type { EventRole } from "../vocabulary";
import { compareRegisteredUsers, type RegisteredUser, registeredUserFilter } from "./registered-users";

const user = (over: Partial<RegisteredUser> = {}): RegisteredUser => ({
  eventRole: "guest",
  isLive: false,
  isOnStage: false,
  updatedAt: 0,
  fullName: "Ada",
  ...over,
});

describe("registeredUserFilter (spec 1 §6, §9)", () => {
  test.each([
    { case: "all keeps an offline guest", filter: "all" as const, u: user(), want: true },
    { case: "live keeps a live user", filter: "live" as const, u: user({ isLive: true }), want: true },
    {
      case: "live keeps an on-stage user",
      filter: "live" as const,
      u: user({ isOnStage: true }),
      want: true,
    },
    { case: "live drops an offline user", filter: "live" as const, u: user(), want: false },
    {
      case: "on_stage keeps an on-stage user",
      filter: "on_stage" as const,
      u: user({ isOnStage: true }),
      want: true,
    },
    {
      case: "on_stage drops a live user",
      filter: "on_stage" as const,
      u: user({ isLive: true }),
      want: false,
    },
    ...(["host", "owner"] as EventRole[]).map((eventRole) => ({
      case: `hosts includes ${eventRole}`,
      filter: "hosts" as const,
      u: user({ eventRole }),
      want: true,
    })),
    ...(["admin", "moderator", "speaker", "guest"] as EventRole[]).map((eventRole) => ({
      case: `hosts excludes ${eventRole}`,
      filter: "hosts" as const,
      u: user({ eventRole }),
      want: false,
    })),
    {
      case: "moderators includes moderator",
      filter: "moderators" as const,
      u: user({ eventRole: "moderator" }),
      want: true,
    },
    {
      case: "moderators excludes host",
      filter: "moderators" as const,
      u: user({ eventRole: "host" }),
      want: false,
    },
  ])("$case → $want", ({ filter, u, want }) => {
    expect(registeredUserFilter(filter)(u)).toBe(want);
  });
});

describe("compareRegisteredUsers (spec 1 §9 sort)", () => {
  test.each([
    {
      case: "on stage before live",
      first: user({ isOnStage: true }),
      second: user({ isLive: true, updatedAt: 9 }),
    },
    { case: "live before offline", first: user({ isLive: true }), second: user({ updatedAt: 9 }) },
    {
      case: "latest updated first",
      first: user({ updatedAt: 9, fullName: "Zed" }),
      second: user({ updatedAt: 1 }),
    },
    { case: "then by name", first: user({ fullName: "Ada" }), second: user({ fullName: "Bob" }) },
  ])("$case", ({ first, second }) => {
    expect([second, first].sort(compareRegisteredUsers)).toEqual([first, second]);
  });
});
