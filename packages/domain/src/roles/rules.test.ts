import { describe, expect, test } from "vitest";
import type { EventRole, OrgRole } from "../vocabulary";
import { canSeeArchivedEvent, roleBadge, type ViewerFlags, viewerFlags } from "./rules";

const SESSION = 7;
const OTHER_SESSION = 8;

const NO_FLAGS: ViewerFlags = {
  isOwnerOrAdmin: false,
  isOrgMember: false,
  isEventHost: false,
  isEventAdmin: false,
  isEventModerator: false,
  isEventSpeaker: false,
  canComeOnStage: false,
  canUseBackstageChat: false,
  canSeeGoLive: false,
  isStudioAdmin: false,
  canManagePeople: false,
  isTeam: false,
};

function flagsOf(names: readonly (keyof ViewerFlags)[]): ViewerFlags {
  const flags = { ...NO_FLAGS };
  for (const name of names) flags[name] = true;
  return flags;
}

const HOST_LEVEL = [
  "isOwnerOrAdmin",
  "canComeOnStage",
  "canUseBackstageChat",
  "canSeeGoLive",
  "isStudioAdmin",
  "canManagePeople",
  "isTeam",
] as const;

describe("viewerFlags (spec 2 §6, spec 1 §6)", () => {
  test.each<{
    case: string;
    eventRole: EventRole | null;
    orgRole: OrgRole | null;
    speakerSessionIds?: number[];
    sessionId?: number | null;
    want: readonly (keyof ViewerFlags)[];
  }>([
    { case: "org owner", eventRole: null, orgRole: "owner", want: [...HOST_LEVEL, "isOrgMember"] },
    { case: "org admin", eventRole: null, orgRole: "admin", want: [...HOST_LEVEL, "isOrgMember"] },
    {
      case: "org member",
      eventRole: null,
      orgRole: "member",
      want: ["isOrgMember", "canComeOnStage", "canUseBackstageChat", "canManagePeople", "isTeam"],
    },
    { case: "event owner", eventRole: "owner", orgRole: null, want: [...HOST_LEVEL, "isEventHost"] },
    {
      case: "event host",
      eventRole: "host",
      orgRole: null,
      want: [...HOST_LEVEL.filter((f) => f !== "isOwnerOrAdmin"), "isEventHost"],
    },
    { case: "event admin", eventRole: "admin", orgRole: null, want: [...HOST_LEVEL, "isEventAdmin"] },
    {
      case: "moderator",
      eventRole: "moderator",
      orgRole: null,
      want: ["isEventModerator", "canUseBackstageChat", "canManagePeople", "isTeam"],
    },
    {
      case: "speaker assigned to the session",
      eventRole: "speaker",
      orgRole: null,
      speakerSessionIds: [SESSION],
      want: ["isEventSpeaker", "canComeOnStage", "canUseBackstageChat", "isTeam"],
    },
    {
      case: "speaker of another session counts as guest",
      eventRole: "speaker",
      orgRole: null,
      speakerSessionIds: [OTHER_SESSION],
      want: [],
    },
    { case: "speaker without sessions counts as guest", eventRole: "speaker", orgRole: null, want: [] },
    {
      case: "speaker outside any session counts as guest",
      eventRole: "speaker",
      orgRole: null,
      speakerSessionIds: [SESSION],
      sessionId: null,
      want: [],
    },
    { case: "guest", eventRole: "guest", orgRole: null, want: [] },
    { case: "no role", eventRole: null, orgRole: null, want: [] },
  ])("$case", ({ eventRole, orgRole, speakerSessionIds, sessionId, want }) => {
    const viewer = { userId: 1, eventRole, orgRole, speakerSessionIds };
    expect(viewerFlags(viewer, sessionId === undefined ? SESSION : sessionId)).toEqual(flagsOf(want));
  });
});

const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds: [SESSION] }, SESSION);

describe("canSeeArchivedEvent (spec 1 §4, §6)", () => {
  test.each([
    { case: "org owner", flags: as(null, "owner"), want: true },
    { case: "org member", flags: as(null, "member"), want: true },
    { case: "event admin", flags: as("admin"), want: true },
    { case: "event host without channel role", flags: as("host"), want: false },
    { case: "moderator", flags: as("moderator"), want: false },
    { case: "guest", flags: as("guest"), want: false },
  ])("$case → $want", ({ flags, want }) => {
    expect(canSeeArchivedEvent(flags)).toBe(want);
  });
});

describe("roleBadge (spec 1 §2)", () => {
  test.each<{
    case: string;
    eventRole: EventRole | null;
    isOrgMember: boolean;
    truncated: boolean;
    want: string | null;
  }>([
    {
      case: "channel member shows HOST",
      eventRole: "guest",
      isOrgMember: true,
      truncated: false,
      want: "HOST",
    },
    { case: "host shows HOST", eventRole: "host", isOrgMember: false, truncated: false, want: "HOST" },
    { case: "owner shows HOST", eventRole: "owner", isOrgMember: false, truncated: false, want: "HOST" },
    { case: "admin shorthand", eventRole: "admin", isOrgMember: false, truncated: false, want: "ADMIN" },
    {
      case: "moderator shorthand",
      eventRole: "moderator",
      isOrgMember: false,
      truncated: false,
      want: "MOD",
    },
    {
      case: "speaker shorthand",
      eventRole: "speaker",
      isOrgMember: false,
      truncated: false,
      want: "SPEAKER",
    },
    { case: "guest has no badge", eventRole: "guest", isOrgMember: false, truncated: false, want: null },
    { case: "no role has no badge", eventRole: null, isOrgMember: false, truncated: false, want: null },
    { case: "truncated host", eventRole: "host", isOrgMember: false, truncated: true, want: "H" },
    { case: "truncated moderator", eventRole: "moderator", isOrgMember: false, truncated: true, want: "M" },
  ])("$case → $want", ({ eventRole, isOrgMember, truncated, want }) => {
    expect(roleBadge({ eventRole, isOrgMember, truncated })).toBe(want);
  });
});
