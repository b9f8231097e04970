import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole, SessionState } from "../vocabulary";
import {
  answeredClipStartSeconds,
  canAnswerQuestions,
  canDeleteComment,
  canDeleteQuestion,
  canEditComment,
  canEditQuestion,
  canReopenQuestions,
  canToggleQaOnStage,
  canUpvoteQuestion,
  interactionRefusal,
  questionsOfTab,
  questionTextToSend,
} from "./rules";

const ME = 1;
const AUTHOR = 2;
const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: ME, eventRole, orgRole, speakerSessionIds: [7] }, 7);

describe("canAnswerQuestions (spec 2 §4, §6)", () => {
  test.each<{
    case: string;
    eventRole: EventRole | null;
    orgRole?: OrgRole;
    state: SessionState;
    want: boolean;
  }>([
    {
      case: "owner while broadcasting",
      eventRole: null,
      orgRole: "owner",
      state: "broadcasting",
      want: true,
    },
    { case: "host while broadcasting", eventRole: "host", state: "broadcasting", want: true },
    { case: "moderator while broadcasting", eventRole: "moderator", state: "broadcasting", want: true },
    {
      case: "org member while broadcasting",
      eventRole: null,
      orgRole: "member",
      state: "broadcasting",
      want: true,
    },
    { case: "speaker while broadcasting", eventRole: "speaker", state: "broadcasting", want: false },
    { case: "guest while broadcasting", eventRole: "guest", state: "broadcasting", want: false },
    { case: "moderator in the greenroom", eventRole: "moderator", state: "greenroom", want: false },
    { case: "owner after the event", eventRole: null, orgRole: "owner", state: "postevent", want: false },
  ])("$case → $want", ({ eventRole, orgRole, state, want }) => {
    expect(canAnswerQuestions(as(eventRole, orgRole ?? null), state)).toBe(want);
  });
});

describe("canReopenQuestions (spec 2 §6: host, admin, moderator, org members)", () => {
  test.each([
    { case: "host", flags: as("host"), want: true },
    { case: "admin", flags: as("admin"), want: true },
    { case: "moderator", flags: as("moderator"), want: true },
    { case: "org member", flags: as(null, "member"), want: true },
    { case: "speaker", flags: as("speaker"), want: false },
    { case: "guest", flags: as("guest"), want: false },
  ])("$case → $want", ({ flags, want }) => {
    expect(canReopenQuestions(flags)).toBe(want);
  });
});

describe("canEditQuestion and canDeleteQuestion (spec 2 §6: author or admin/moderator/org member)", () => {
  test.each([
    { case: "the author", flags: as("guest"), actor: AUTHOR as number | null, want: true },
    { case: "another guest", flags: as("guest"), actor: ME, want: false },
    { case: "an admin", flags: as("admin"), actor: ME, want: true },
    { case: "a moderator", flags: as("moderator"), actor: ME, want: true },
    { case: "an org member", flags: as(null, "member"), actor: ME, want: true },
    { case: "a speaker", flags: as("speaker"), actor: ME, want: false },
    { case: "an anonymous viewer", flags: as(null), actor: null, want: false },
  ])("$case → $want", ({ flags, actor, want }) => {
    expect(canEditQuestion(flags, actor, AUTHOR)).toBe(want);
    expect(canDeleteQuestion(flags, actor, AUTHOR)).toBe(want);
  });
});

describe("comments (spec 2 §6: author or studio admin deletes; only the author edits)", () => {
  test.each([
    { case: "the author", flags: as("guest"), actor: AUTHOR, delete: true, edit: true },
    { case: "a studio admin", flags: as("host"), actor: ME, delete: true, edit: false },
    { case: "a moderator", flags: as("moderator"), actor: ME, delete: false, edit: false },
    { case: "another guest", flags: as("guest"), actor: ME, delete: false, edit: false },
  ])("$case → delete $delete, edit $edit", ({ flags, actor, delete: mayDelete, edit }) => {
    expect(canDeleteComment(flags, actor, AUTHOR)).toBe(mayDelete);
    expect(canEditComment(actor, AUTHOR)).toBe(edit);
  });
});

describe("interactionRefusal (spec 2 §5: a verified e-mail is needed to interact)", () => {
  test.each([
    { case: "verified user", userId: ME as number | null, emailVerified: true, want: null },
    { case: "unverified user", userId: ME, emailVerified: false, want: "email_not_verified" },
    { case: "anonymous", userId: null, emailVerified: false, want: "unauthorized" },
  ])("$case → $want", ({ userId, emailVerified, want }) => {
    expect(interactionRefusal({ userId, emailVerified })).toBe(want);
  });
});

describe("canUpvoteQuestion (spec 2 §5: not one's own question)", () => {
  test.each([
    { case: "someone else's question", actor: ME as number | null, want: true },
    { case: "own question", actor: AUTHOR, want: false },
    { case: "anonymous", actor: null, want: false },
  ])("$case → $want", ({ actor, want }) => {
    expect(canUpvoteQuestion(actor, AUTHOR)).toBe(want);
  });
});

describe("questionsOfTab (spec 2 §2, §9)", () => {
  const q = (id: number, upvotes: number, minute: number, answeredAt: number | null = null) => ({
    id,
    answered: answeredAt !== null,
    answeredTimestamp: answeredAt,
    timestamp: `2026-01-01T10:${String(minute).padStart(2, "0")}:00.000Z`,
    upvotes: Array.from({ length: upvotes }, (_, i) => 100 + i),
  });
  const all = [q(1, 0, 1), q(2, 3, 5), q(3, 3, 2), q(4, 1, 0, 500), q(5, 0, 3, 900)];
  test.each([
    { case: "open: most upvoted, then the oldest", tab: "open", held: [], want: [3, 2, 1] },
    { case: "answered: latest answered first", tab: "answered", held: [], want: [5, 4] },
    { case: "a question just Done stays in Open", tab: "open", held: [5], want: [3, 2, 1, 5] },
    { case: "…and not yet in Answered", tab: "answered", held: [5], want: [4] },
  ] as const)("$case", ({ tab, held, want }) => {
    expect(questionsOfTab(all, tab, new Set(held)).map((x) => x.id)).toEqual(want);
  });
});

describe("answeredClipStartSeconds (spec 2 §4: timestamp minus 2 s)", () => {
  const start = "2026-01-01T10:00:00.000Z";
  const at = (seconds: number) => Date.parse(start) + seconds * 1000;
  test.each([
    { case: "answered 90 s in", answered: at(90), start, want: 88 },
    { case: "answered 1 s in: never below 0", answered: at(1), start, want: 0 },
    { case: "fractions round down", answered: at(10.9), start, want: 8 },
    { case: "open question", answered: null, start, want: null },
    { case: "no broadcast start", answered: at(5), start: null, want: null },
  ])("$case → $want", ({ answered, start: s, want }) => {
    expect(answeredClipStartSeconds(answered, s)).toBe(want);
  });
});

describe("questionTextToSend (spec 2 §5)", () => {
  test.each([
    { case: "trimmed", text: "  Why?  ", want: "Why?" },
    { case: "empty", text: "", want: null },
    { case: "spaces only", text: " \n\t ", want: null },
    { case: "too long", text: "x".repeat(2001), want: null },
  ])("$case", ({ text, want }) => expect(questionTextToSend(text)).toBe(want));
});

describe("canToggleQaOnStage (spec 2 §6 settings menus)", () => {
  test.each<{ eventRole: EventRole | null; orgRole?: OrgRole; want: boolean }>([
    { eventRole: null, orgRole: "member", want: true },
    { eventRole: "host", want: true },
    { eventRole: "admin", want: true },
    { eventRole: "moderator", want: false },
    { eventRole: "speaker", want: false },
    { eventRole: "guest", want: false },
  ])("$eventRole $orgRole → $want", ({ eventRole, orgRole, want }) => {
    expect(canToggleQaOnStage(as(eventRole, orgRole ?? null))).toBe(want);
  });
});
