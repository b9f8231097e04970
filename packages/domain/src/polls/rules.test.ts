import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole } from "../vocabulary";
import { canManagePolls, canSeePoll } from "./rules";

const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds: [7] }, 7);

describe("canManagePolls (spec 2 §6)", () => {
  test.each([
    { case: "org owner", flags: as(null, "owner"), want: true },
    { case: "event admin", flags: as("admin"), want: true },
    { case: "event host", flags: as("host"), want: true },
    { case: "moderator", flags: as("moderator"), want: true },
    { case: "org member", flags: as(null, "member"), want: true },
    { case: "speaker", flags: as("speaker"), want: false },
    { case: "guest", flags: as("guest"), want: false },
  ])("$case → $want", ({ flags, want }) => {
    expect(canManagePolls(flags)).toBe(want);
  });
});

describe("canSeePoll (spec 2 §6: others see only non-hidden polls)", () => {
  test.each([
    { case: "guest sees a shown poll", flags: as("guest"), hidden: false, want: true },
    { case: "guest does not see a hidden poll", flags: as("guest"), hidden: true, want: false },
    { case: "moderator sees a hidden poll", flags: as("moderator"), hidden: true, want: true },
  ])("$case → $want", ({ flags, hidden, want }) => {
    expect(canSeePoll(flags, { hidden })).toBe(want);
  });
});
