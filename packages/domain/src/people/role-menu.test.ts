import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole } from "../vocabulary";
import { CHANNEL_MEMBER_ROLE_MESSAGE, roleChangeRefusal, roleMenuVisibility } from "./role-menu";

const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: 1, eventRole, orgRole }, 7);

const ALL: EventRole[] = ["host", "admin", "moderator", "speaker", "guest"];
const NO_ADMIN: EventRole[] = ["host", "moderator", "speaker", "guest"];
const plain = { hasPendingHandRaise: false, isBanned: false };

describe("roleMenuVisibility (spec 1 §5 Role menu)", () => {
  test.each([
    {
      case: "org member sees every role",
      actor: as(null, "member"),
      target: plain,
      visible: true,
      options: ALL,
    },
    {
      case: "org owner sees every role",
      actor: as(null, "owner"),
      target: plain,
      visible: true,
      options: ALL,
    },
    {
      case: "event host: no admin for non-members",
      actor: as("host"),
      target: plain,
      visible: true,
      options: NO_ADMIN,
    },
    {
      case: "event admin: no admin for non-members",
      actor: as("admin"),
      target: plain,
      visible: true,
      options: NO_ADMIN,
    },
    { case: "moderator does not see it", actor: as("moderator"), target: plain, visible: false, options: [] },
    { case: "guest does not see it", actor: as("guest"), target: plain, visible: false, options: [] },
    {
      case: "hidden for a pending hand raise",
      actor: as(null, "owner"),
      target: { ...plain, hasPendingHandRaise: true },
      visible: false,
      options: [],
    },
    {
      case: "hidden for a banned user",
      actor: as(null, "owner"),
      target: { ...plain, isBanned: true },
      visible: false,
      options: [],
    },
  ])("$case", ({ actor, target, visible, options }) => {
    expect(roleMenuVisibility({ actor, target })).toEqual({ visible, options });
  });
});

describe("roleChangeRefusal (spec 1 §4 Role change, §5 Role menu)", () => {
  const target = { ...plain, isOrgMember: false, eventRole: "guest" as EventRole | null };
  test.each([
    {
      case: "org owner makes a guest admin",
      actor: as(null, "owner"),
      target,
      newRole: "admin" as const,
      want: null,
    },
    {
      case: "host makes a guest speaker",
      actor: as("host"),
      target,
      newRole: "speaker" as const,
      want: null,
    },
    {
      case: "moderator may not",
      actor: as("moderator"),
      target,
      newRole: "speaker" as const,
      want: "forbidden",
    },
    {
      case: "banned target",
      actor: as(null, "owner"),
      target: { ...target, isBanned: true },
      newRole: "speaker" as const,
      want: "forbidden",
    },
    {
      case: "channel member target is blocked",
      actor: as(null, "owner"),
      target: { ...target, isOrgMember: true },
      newRole: "speaker" as const,
      want: "channel_member",
    },
    {
      case: "admin not offered by a non-member",
      actor: as("host"),
      target,
      newRole: "admin" as const,
      want: "role_not_offered",
    },
    {
      case: "owner is never offered",
      actor: as(null, "owner"),
      target,
      newRole: "owner" as const,
      want: "role_not_offered",
    },
    {
      case: "Save needs a different role",
      actor: as("host"),
      target,
      newRole: "guest" as const,
      want: "unchanged",
    },
    {
      case: "no role record counts as guest",
      actor: as("host"),
      target: { ...target, eventRole: null },
      newRole: "guest" as const,
      want: "unchanged",
    },
  ])("$case → $want", ({ actor, target, newRole, want }) => {
    expect(roleChangeRefusal({ actor, target, newRole })).toBe(want);
  });

  test("the channel-member message is the spec's wording", () => {
    expect(CHANNEL_MEMBER_ROLE_MESSAGE).toBe(
      "This user is a member of the channel. Please remove them to change their roles in events.",
    );
  });
});
