import { REGISTRATION_BLOCKED_COOKIE_MS, REGISTRATION_BLOCKED_RETRY_WAIT_MS } from "@onstage/domain";
import { ApiError } from "../../api";

// Spec 1 §5: "A cookie that blocks registration is set for 2 hours after a registration failure; while
// it is set, a retry fails with 'Sorry, something went wrong when trying to register' after a 2 s wait."

const COOKIE = "onstage_registration_blocked";

/** Thrown instead of retrying while the cookie is set; its message is the spec's. */
export class RegistrationBlockedError extends ApiError {
  constructor() {
    super(0, "registration_blocked", "Sorry, something went wrong when trying to register");
  }
}

function isBlocked(): boolean {
  return document.cookie.split(";").some((pair) => pair.trim().startsWith(`${COOKIE}=`));
}

function block() {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  const maxAge = REGISTRATION_BLOCKED_COOKIE_MS / 1000;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some supported browsers.
  document.cookie = `${COOKIE}=1; max-age=${maxAge}; path=/; samesite=lax${secure}`;
}

/**
 * Refusals the visitor can answer in the form (400: answers, amount, code, password), the full event
 * (409 limit_reached has its own toast) and a lost session (401: signing in again fixes it) do not
 * block; anything else does (docs/decisions.md "Registration dialog").
 */
function blocksRetries(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 400 || error.status === 401) return false;
  return !(error.status === 409 && error.code === "limit_reached");
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** Runs one registration attempt (register or checkout) under the blocking cookie. */
export async function guardedRegistration<T>(attempt: () => Promise<T>): Promise<T> {
  if (isBlocked()) {
    await wait(REGISTRATION_BLOCKED_RETRY_WAIT_MS);
    throw new RegistrationBlockedError();
  }
  try {
    return await attempt();
  } catch (error) {
    if (blocksRetries(error)) block();
    throw error;
  }
}
