import type { EventAccess, EventRole, OrgRole } from "../vocabulary";

// Spec 1 §2 "Registration dialog views" and §4 "Registration dialog flow", decided outside React.

/** The views of the registration dialog (spec 1 §2), plus the event password prompt of spec 1 §4. */
export type RegistrationDialogView =
  | "sign-in"
  | "event-password"
  | "patreon"
  | "ticket-options"
  | "checkout"
  | "registering";

/**
 * Spec 1 §4: "If the user already holds a role on the event, the dialog closes after 0.5 s". A
 * registration is the guest role record (spec 1 §3), and a channel role counts on every event of the
 * channel (docs/decisions.md `eventPageView`).
 */
export function holdsEventRole(viewer: {
  eventRole: EventRole | null;
  orgRole: OrgRole | null;
  isRegistered: boolean;
}): boolean {
  return viewer.eventRole !== null || viewer.orgRole !== null || viewer.isRegistered;
}

export type RegistrationGate = "event-password" | "patreon" | "ticket-options" | "checkout";

/**
 * Spec 1 §4: the password prompt, the membership gate and the ticket options come before checkout.
 * When several apply, the password comes first (it gates the whole event), then membership, then
 * tickets (docs/decisions.md "Registration dialog").
 */
export function registrationGate(input: {
  access: EventAccess;
  passwordProtected: boolean;
  passwordAccepted: boolean;
  isValidMember: boolean;
}): RegistrationGate {
  if (input.passwordProtected && !input.passwordAccepted) return "event-password";
  if (input.access === "patreon" && !input.isValidMember) return "patreon";
  if (input.access === "ticketed") return "ticket-options";
  return "checkout";
}

/**
 * Spec 1 §4 sign-up submission: a new user of an event without gates "is registered as attendee" at
 * once, having answered the questions on the sign-up screen. Anyone else gets the checkout form only
 * when there are questions to answer.
 */
export function checkoutRegistersDirectly(input: {
  questionCount: number;
  answeredAtSignUp: boolean;
}): boolean {
  return input.questionCount === 0 || input.answeredAtSignUp;
}

/**
 * Spec 1 §2 sign-up confirmation button: 'Sign up' on its own, 'Sign up and join event' when signing up
 * registers at once; when a gate comes first it says what comes next (issue 10 §2.5), so a buyer is not
 * promised a seat before choosing a ticket.
 */
export function signUpButtonLabel(next: RegistrationGate | null): string {
  switch (next) {
    case null:
      return "Sign up";
    case "checkout":
      return "Sign up and join event";
    case "ticket-options":
      return "Sign up and choose a ticket";
    case "event-password":
      return "Sign up and enter the event password";
    case "patreon":
      return "Sign up and check membership";
  }
}
