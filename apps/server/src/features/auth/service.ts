import { accountActions } from "./account";
import { type AuthDeps, authCore } from "./core";
import { inviteActions } from "./invite";
import { signInActions } from "./sign-in";

export type { AuthDeps, Caller, SocialProfile } from "./core";
export { returnPath } from "./core";

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
