import { describe, expect, test } from "vitest";
import type { EventAccess, EventRole, OrgRole } from "../vocabulary";
import {
  checkoutRegistersDirectly,
  holdsEventRole,
  type RegistrationGate,
  registrationGate,
  signUpButtonLabel,
} from "./dialog";

describe("holdsEventRole (spec 1 §4: the dialog closes when a role is held)", () => {
  test.each([
    { case: "anonymous or new", eventRole: null, orgRole: null, isRegistered: false, want: false },
    { case: "registered guest", eventRole: null, orgRole: null, isRegistered: true, want: true },
    { case: "event guest role", eventRole: "guest", orgRole: null, isRegistered: false, want: true },
    { case: "event speaker", eventRole: "speaker", orgRole: null, isRegistered: false, want: true },
    { case: "channel member", eventRole: null, orgRole: "member", isRegistered: false, want: true },
  ] as {
    case: string;
    eventRole: EventRole | null;
    orgRole: OrgRole | null;
    isRegistered: boolean;
    want: boolean;
  }[])("$case → $want", ({ eventRole, orgRole, isRegistered, want }) => {
    expect(holdsEventRole({ eventRole, orgRole, isRegistered })).toBe(want);
  });
});

describe("registrationGate (spec 1 §4: what comes before checkout)", () => {
  const row = (
    access: EventAccess,
    passwordProtected: boolean,
    passwordAccepted: boolean,
    member: boolean,
  ) => ({
    access,
    passwordProtected,
    passwordAccepted,
    isValidMember: member,
  });
  test.each([
    {
      case: "registration event",
      input: row("registration_required", false, false, false),
      want: "checkout",
    },
    { case: "open event", input: row("open", false, false, false), want: "checkout" },
    {
      case: "password not given",
      input: row("registration_required", true, false, false),
      want: "event-password",
    },
    { case: "password accepted", input: row("registration_required", true, true, false), want: "checkout" },
    { case: "membership not valid", input: row("patreon", false, false, false), want: "patreon" },
    { case: "membership valid", input: row("patreon", false, false, true), want: "checkout" },
    { case: "ticketed", input: row("ticketed", false, false, false), want: "ticket-options" },
    {
      case: "ticketed with password, not given",
      input: row("ticketed", true, false, false),
      want: "event-password",
    },
    {
      case: "ticketed with password, accepted",
      input: row("ticketed", true, true, false),
      want: "ticket-options",
    },
    {
      case: "membership with password, not given",
      input: row("patreon", true, false, false),
      want: "event-password",
    },
    { case: "membership with password, accepted", input: row("patreon", true, true, false), want: "patreon" },
  ])("$case → $want", ({ input, want }) => {
    expect(registrationGate(input)).toBe(want);
  });
});

describe("checkoutRegistersDirectly (spec 1 §4 sign-up submission)", () => {
  test.each([
    { case: "no questions", questionCount: 0, answeredAtSignUp: false, want: true },
    {
      case: "questions answered on the sign-up screen",
      questionCount: 3,
      answeredAtSignUp: true,
      want: true,
    },
    { case: "questions not yet answered", questionCount: 3, answeredAtSignUp: false, want: false },
  ])("$case → $want", ({ questionCount, answeredAtSignUp, want }) => {
    expect(checkoutRegistersDirectly({ questionCount, answeredAtSignUp })).toBe(want);
  });
});

describe("signUpButtonLabel (spec 1 §2, issue 10 §2.5: the button says what comes next)", () => {
  test.each([
    { case: "sign-up outside an event", next: null, want: "Sign up" },
    { case: "free event: registers at once", next: "checkout", want: "Sign up and join event" },
    { case: "ticketed event", next: "ticket-options", want: "Sign up and choose a ticket" },
    {
      case: "password-protected event",
      next: "event-password",
      want: "Sign up and enter the event password",
    },
    { case: "membership-gated event", next: "patreon", want: "Sign up and check membership" },
  ] as { case: string; next: RegistrationGate | null; want: string }[])("$case → $want", ({ next, want }) => {
    expect(signUpButtonLabel(next)).toBe(want);
  });
});
