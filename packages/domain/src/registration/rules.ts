import { CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS, DEFAULT_REGISTER_BUTTON_TEXT } from "../constants";
import type { SessionState } from "../vocabulary";

// Spec 1 §5 seat limit and "Register button label".

/** Spec 1 §5: spots left = limit minus registered, never negative; null without a seat limit. */
export function spotsLeft(seatLimit: number | null, registeredCount: number): number | null {
  return seatLimit === null ? null : Math.max(0, seatLimit - registeredCount);
}

export interface SeatCheck {
  seatLimit: number | null;
  registeredCount: number;
  /** Spec 1 §6: a user who may come on stage bypasses seat limits. */
  mayComeOnStage: boolean;
}

/** Spec 1 §5: full once the registered count reaches seat_limit, unless the user may come on stage. */
export function isEventFull(input: SeatCheck): boolean {
  if (input.mayComeOnStage || input.seatLimit === null) return false;
  return input.registeredCount >= input.seatLimit;
}

export function registrationRefusal(input: SeatCheck): "limit_reached" | null {
  return isEventFull(input) ? "limit_reached" : null;
}

export const REGISTER_BUTTON_LABELS = {
  full: "limit reached",
  password: "enter password",
  tickets: "view tickets",
  replay: "watch replay",
} as const;

/** Spec 1 §2: '{n} spots left' on the landing page when a seat limit applies. */
export function spotsLeftLabel(spots: number): string {
  return `${spots} ${spots === 1 ? "spot" : "spots"} left`;
}

/** Spec 1 §5: the custom text (first 20 characters) or 'save my spot'. */
export function registerButtonText(customText: string | null): string {
  const text = Array.from(customText?.trim() ?? "")
    .slice(0, CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS)
    .join("");
  return text === "" ? DEFAULT_REGISTER_BUTTON_TEXT : text;
}

/**
 * Spec 1 §5. Precedence (docs/decisions.md): watch replay, then the registered or paid
 * user's text, then limit reached, enter password, view tickets, and finally the text.
 */
export function registerButtonLabel(input: {
  customText: string | null;
  isFull: boolean;
  passwordProtected: boolean;
  ticketed: boolean;
  allSessionsEnded: boolean;
  isRegisteredOrPaid: boolean;
}): string {
  if (input.allSessionsEnded) return REGISTER_BUTTON_LABELS.replay;
  if (input.isRegisteredOrPaid) return registerButtonText(input.customText);
  if (input.isFull) return REGISTER_BUTTON_LABELS.full;
  if (input.passwordProtected) return REGISTER_BUTTON_LABELS.password;
  if (input.ticketed) return REGISTER_BUTTON_LABELS.tickets;
  return registerButtonText(input.customText);
}

export const REGISTERED_LABELS = { status: "You're registered", join: "Join event" } as const;

/**
 * Issue 10 §2.2: what the landing page's panel offers. Registered or paid viewers see 'You're registered'
 * with the session time and add-to-calendar ("registered"), and a join button while the session is live
 * ("join"); everyone else, and everyone once every session has ended (watch replay), the register button.
 */
export function landingAction(input: {
  isRegisteredOrPaid: boolean;
  allSessionsEnded: boolean;
  sessionState: SessionState | null;
}): "register" | "registered" | "join" {
  if (!input.isRegisteredOrPaid || input.allSessionsEnded) return "register";
  return input.sessionState === "broadcasting" ? "join" : "registered";
}
