import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole, SessionState } from "../vocabulary";
import {
  canAnswerQuestions,
  canDeleteComment,
  canDeleteQuestion,
  canEditComment,
  canEditQuestion,
  canReopenQuestions,
  canUpvoteQuestion,
  interactionRefusal,
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
