import { describe, expect, test } from "vitest";
import { mayGiveHostFeedback, viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole } from "../vocabulary";
import {
  isAtLiveAttendeeLimit,
  type ModuleContext,
  mayToggleClipping,
  showsUnreadBadge,
  unreadBadge,
  visibleModules,
} from "./rules";

const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds: [7] }, 7);

const session: ModuleContext["session"] = {
  sessionType: "regular",
  state: "broadcasting",
  chatDisabled: false,
  qaDisabled: false,
  hideAudience: false,
};
const event: ModuleContext["event"] = { multiSession: false, private: false, clippingDisabled: false };
const ended = { ...session, state: "ended" as const };

describe("visibleModules (spec 2 §1, §2 Module visibility)", () => {
  test.each<{ case: string } & ModuleContext & { want: string[] }>([
    { case: "guest while live", flags: as("guest"), session, event, want: ["chat", "qa", "polls", "people"] },
    {
      case: "guest after the session ended sees clips",
      flags: as("guest"),
      session: ended,
      event,
      want: ["chat", "qa", "polls", "people", "clips"],
    },
    {
      case: "guest: chat disabled",
      flags: as("guest"),
      session: { ...session, chatDisabled: true },
      event,
      want: ["qa", "polls", "people"],
    },
    {
      case: "guest: Q&A disabled",
      flags: as("guest"),
      session: { ...session, qaDisabled: true },
      event,
      want: ["chat", "polls", "people"],
    },
    {
      case: "guest: audience hidden",
      flags: as("guest"),
      session: { ...session, hideAudience: true },
      event,
      want: ["chat", "qa", "polls"],
    },
    {
      case: "guest: clipping disabled",
      flags: as("guest"),
      session: ended,
      event: { ...event, clippingDisabled: true },
      want: ["chat", "qa", "polls", "people"],
    },
    {
      case: "guest: private session",
      flags: as("guest"),
      session: ended,
      event: { ...event, private: true },
      want: ["chat", "qa", "polls", "people"],
    },
    {
      case: "guest: multi-session event",
      flags: as("guest"),
      session,
      event: { ...event, multiSession: true },
      want: ["chat", "qa", "polls", "people", "sessions"],
    },
    {
      case: "moderator keeps disabled modules and gets backstage chat",
      flags: as("moderator"),
      session: { ...session, chatDisabled: true, qaDisabled: true, hideAudience: true },
      event: { ...event, clippingDisabled: true },
      want: ["chat", "qa", "polls", "people", "backstagechat", "clips"],
    },
    {
      case: "host gets backstage chat and studio",
      flags: as("host"),
      session,
      event,
      want: ["chat", "qa", "polls", "people", "backstagechat", "studio", "clips"],
    },
    {
      case: "no backstage chat in the lobby",
      flags: as("host"),
      session: { ...session, sessionType: "lobby" },
      event,
      want: ["chat", "qa", "polls", "people", "studio", "clips"],
    },
    {
      case: "assigned speaker gets backstage chat, not studio",
      flags: as("speaker"),
      session,
      event,
      want: ["chat", "qa", "polls", "people", "backstagechat", "clips"],
    },
  ])("$case", ({ flags, session, event, want }) => {
    expect(visibleModules({ flags, session, event })).toEqual(want);
  });
});

describe("unreadBadge (spec 2 §2: up to '10+')", () => {
  test.each([
    { case: "nothing new", count: 0, want: null },
    { case: "one new item", count: 1, want: "1" },
    { case: "exactly ten", count: 10, want: "10" },
    { case: "above ten", count: 11, want: "10+" },
    { case: "far above ten", count: 250, want: "10+" },
  ])("$case → $want", ({ count, want }) => {
    expect(unreadBadge(count)).toBe(want);
  });
});

describe("showsUnreadBadge (spec 2 §2: no polls badge for owner/admin)", () => {
  test.each([
    { case: "owner, polls", module: "polls" as const, flags: as(null, "owner"), want: false },
    { case: "owner, chat", module: "chat" as const, flags: as(null, "owner"), want: true },
    { case: "guest, polls", module: "polls" as const, flags: as("guest"), want: true },
  ])("$case → $want", ({ module, flags, want }) => {
    expect(showsUnreadBadge(module, flags)).toBe(want);
  });
});

describe("mayToggleClipping and mayGiveHostFeedback (spec 2 §4, §6)", () => {
  test.each<[string, ReturnType<typeof as>, boolean, boolean]>([
    ["channel owner", as(null, "owner"), true, true],
    ["channel member", as(null, "member"), true, false],
    ["event owner", as("owner"), true, true],
    ["event admin", as("admin"), true, true],
    ["event host", as("host"), true, true],
    ["moderator", as("moderator"), true, false],
    ["speaker", as("speaker"), false, false],
    ["guest", as("guest"), false, false],
    ["no role", as(null), false, false],
  ])("%s: clipping %s, feedback %s", (_name, flags, clipping, feedback) => {
    expect(mayToggleClipping(flags)).toBe(clipping);
    expect(mayGiveHostFeedback(flags, "ended")).toBe(feedback);
    expect(mayGiveHostFeedback(flags, "postevent")).toBe(false);
  });
});

describe("isAtLiveAttendeeLimit (spec 2 §8)", () => {
  test.each<[number, number | null, boolean]>([
    [10, null, false],
    [0, 0, false],
    [9, 10, false],
    [10, 10, true],
    [11, 10, true],
  ])("%i live, limit %s → %s", (live, limit, at) => {
    expect(isAtLiveAttendeeLimit(live, limit)).toBe(at);
  });
});
