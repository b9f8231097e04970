import { accountActions } from "./account";
import { type AuthDeps, authCore } from "./core";
import { signInActions } from "./sign-in";

export type { AuthDeps, Caller, SocialProfile } from "./core";
export { returnPath } from "./core";

export function authService(deps: AuthDeps) {
  const core = authCore(deps);
  return { ...signInActions(core), ...accountActions(core) };
}

export type AuthService = ReturnType<typeof authService>;
