import { describe, expect, test } from "vitest";
import type { SessionState } from "../vocabulary";
import {
  isEventFull,
  landingAction,
  registerButtonLabel,
  registrationRefusal,
  spotsLeft,
  spotsLeftLabel,
} from "./rules";

describe("spotsLeft (spec 1 §5: limit minus registered)", () => {
  test.each([
    { case: "no seat limit", seatLimit: null, registered: 5, want: null },
    { case: "seats left", seatLimit: 10, registered: 3, want: 7 },
    { case: "exactly full", seatLimit: 10, registered: 10, want: 0 },
    { case: "over-registered never goes negative", seatLimit: 10, registered: 12, want: 0 },
  ])("$case → $want", ({ seatLimit, registered, want }) => {
    expect(spotsLeft(seatLimit, registered)).toBe(want);
  });
});

describe("isEventFull and registrationRefusal (spec 1 §5, §6)", () => {
  test.each([
    { case: "seats left", seatLimit: 2 as number | null, registered: 1, onStage: false, want: null },
    { case: "limit reached", seatLimit: 2, registered: 2, onStage: false, want: "limit_reached" },
    { case: "past the limit", seatLimit: 2, registered: 3, onStage: false, want: "limit_reached" },
    { case: "stage member, full", seatLimit: 2, registered: 2, onStage: true, want: null },
    { case: "no seat limit", seatLimit: null, registered: 5000, onStage: false, want: null },
  ])("$case → $want", ({ seatLimit, registered, onStage, want }) => {
    const input = { seatLimit, registeredCount: registered, mayComeOnStage: onStage };
    expect(registrationRefusal(input)).toBe(want);
    expect(isEventFull(input)).toBe(want !== null);
  });
});

describe("spotsLeftLabel (spec 1 §2)", () => {
  test.each([
    { case: "several", spots: 3, want: "3 spots left" },
    { case: "one", spots: 1, want: "1 spot left" },
  ])("$case → $want", ({ spots, want }) => {
    expect(spotsLeftLabel(spots)).toBe(want);
  });
});

describe("registerButtonLabel (spec 1 §5 Register button label)", () => {
  const plain = {
    customText: null as string | null,
    isFull: false,
    passwordProtected: false,
    ticketed: false,
    allSessionsEnded: false,
    isRegisteredOrPaid: false,
  };
  test.each([
    { case: "default text", input: plain, want: "save my spot" },
    { case: "custom text", input: { ...plain, customText: "Join us" }, want: "Join us" },
    {
      case: "custom text is cut at 20 characters",
      input: { ...plain, customText: "Reserve my seat for the summit" },
      want: "Reserve my seat for ",
    },
    { case: "blank custom text falls back", input: { ...plain, customText: "   " }, want: "save my spot" },
    { case: "full", input: { ...plain, isFull: true }, want: "limit reached" },
    { case: "password", input: { ...plain, passwordProtected: true }, want: "enter password" },
    { case: "ticketed", input: { ...plain, ticketed: true }, want: "view tickets" },
    { case: "all sessions ended", input: { ...plain, allSessionsEnded: true }, want: "watch replay" },
    {
      case: "full beats password",
      input: { ...plain, isFull: true, passwordProtected: true },
      want: "limit reached",
    },
    {
      case: "password beats tickets",
      input: { ...plain, passwordProtected: true, ticketed: true },
      want: "enter password",
    },
    {
      case: "replay beats full",
      input: { ...plain, allSessionsEnded: true, isFull: true },
      want: "watch replay",
    },
    {
      case: "registered user sees the custom text",
      input: { ...plain, isRegisteredOrPaid: true, isFull: true, customText: "Join us" },
      want: "Join us",
    },
    {
      case: "paid user of a ticketed event sees the default text",
      input: { ...plain, isRegisteredOrPaid: true, ticketed: true, passwordProtected: true },
      want: "save my spot",
    },
    {
      case: "registered user after the event",
      input: { ...plain, isRegisteredOrPaid: true, allSessionsEnded: true },
      want: "watch replay",
    },
  ])("$case → $want", ({ input, want }) => {
    expect(registerButtonLabel(input)).toBe(want);
  });
});

describe("landingAction (issue 10 §2.2: the registered state on the landing page)", () => {
  test.each([
    { case: "not registered", registered: false, ended: false, state: "scheduled", want: "register" },
    {
      case: "registered, session to come",
      registered: true,
      ended: false,
      state: "scheduled",
      want: "registered",
    },
    { case: "registered, greenroom", registered: true, ended: false, state: "greenroom", want: "registered" },
    { case: "registered, live", registered: true, ended: false, state: "broadcasting", want: "join" },
    { case: "registered, no session", registered: true, ended: false, state: null, want: "registered" },
    {
      case: "registered, all ended: replay",
      registered: true,
      ended: true,
      state: "ended",
      want: "register",
    },
    {
      case: "not registered, live",
      registered: false,
      ended: false,
      state: "broadcasting",
      want: "register",
    },
  ] as { case: string; registered: boolean; ended: boolean; state: SessionState | null; want: string }[])(
    "$case → $want",
    ({ registered, ended, state, want }) => {
      expect(
        landingAction({ isRegisteredOrPaid: registered, allSessionsEnded: ended, sessionState: state }),
      ).toBe(want);
    },
  );
});
