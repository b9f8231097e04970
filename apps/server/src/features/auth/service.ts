import { accountActions } from "./account";
import { type AuthDeps, authCore } from "./core";
import { inviteActions } from "./invite";
import { signInActions } from "./sign-in";

export type { AuthDeps, Caller, SocialProfile } from "./core";
export { returnPath } from "./core";
// What other features use of auth: password hashing (the demo's people), the mailed link tokens (team
// and speaker invitations) and the guessing throttle (event passwords and coupon codes).
export { hashPassword, verifyPassword } from "./passwords";
export { clearThrottle, countAttempt, isOverLimit, type ThrottleKey } from "./throttle";
export { issueLinkToken } from "./tokens";

export function authService(deps: AuthDeps) {
  const core = authCore(deps);
  return {
    ...signInActions(core),
    ...inviteActions(core),
    ...accountActions(core),
    endAllSessions: core.endAllSessions,
    /** The sign-in work still running after its answer (a closing server waits for it). */
    settled: core.settled,
  };
}

export type AuthService = ReturnType<typeof authService>;
