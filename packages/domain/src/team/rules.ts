import type { EventRole } from "../vocabulary";

// Team invitations (issue 10 §1.1): a role bound to an e-mail address goes only to an account that has
// proved that address, and only when its owner accepts.

export interface OpenableInvite {
  email: string;
  acceptedAt: number | null;
  revokedAt: number | null;
  expiresAt: number;
}

export interface InviteeAccount {
  email: string;
  emailVerified: boolean;
}

export type InviteRefusal = "invite_not_found" | "email_not_verified" | "invite_closed";

/** Whether this account may accept this invitation now; the link and the dashboard both ask this. */
export function inviteAcceptanceRefusal(
  invite: OpenableInvite,
  account: InviteeAccount,
  now: number,
): InviteRefusal | null {
  // Someone else's invitation is not shown to exist.
  if (invite.email !== account.email) return "invite_not_found";
  if (invite.acceptedAt !== null || invite.revokedAt !== null || invite.expiresAt <= now)
    return "invite_closed";
  // Whoever typed the address at sign-up has not shown they read its mail.
  return account.emailVerified ? null : "email_not_verified";
}

/**
 * Issue 23 §3.3: the event role a speaker invitation leaves its acceptor with. A guest (or nobody yet)
 * becomes a speaker; a speaker stays one (with more sessions); a role above speaker is never taken away.
 */
export function speakerRoleOnAccept(current: EventRole | null): EventRole {
  return current === null || current === "guest" || current === "speaker" ? "speaker" : current;
}
