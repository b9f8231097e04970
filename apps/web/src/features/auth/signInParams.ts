import {
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_SIGN_IN_ERRORS,
  type SocialProvider,
  type SocialSignInError,
  safeRedirect,
  socialSignInErrorMessage,
} from "@onstage/domain";

// The sign-in dialog lives in the address: ?sign_in=true opens it anywhere, ?sign_in=terms opens the terms
// step for a new social user, ?sign_in_error=…&provider=… reports a failed social sign-in.

const SIGN_IN_PARAMS = ["sign_in", "sign_in_error", "provider"] as const;

export function withoutSignInParams(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of SIGN_IN_PARAMS) params.delete(name);
  return params;
}

function pathWith(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Where a sign-in started, to come back to: the page without its sign-in parameters. */
export function returnPath(location: { pathname: string; search: string }): string {
  return safeRedirect(pathWith(location.pathname, withoutSignInParams(location.search)));
}

/** The current page with the sign-in dialog open. */
export function signInPath(location: { pathname: string; search: string }): string {
  const params = withoutSignInParams(location.search);
  params.set("sign_in", "true");
  return pathWith(location.pathname, params);
}

export type SignInRequestKind = "sign_in" | "terms";

export function signInRequest(params: URLSearchParams): SignInRequestKind | null {
  if (params.get("sign_in") === "terms") return "terms";
  return params.has("sign_in") || params.has("sign_in_error") ? "sign_in" : null;
}

const isSocialError = (code: string | null): code is SocialSignInError =>
  SOCIAL_SIGN_IN_ERRORS.some((known) => known === code);

const isSocialProvider = (name: string | null): name is SocialProvider =>
  name !== null && Object.hasOwn(SOCIAL_PROVIDER_LABELS, name);

/** Spec 1 §8: the failed social sign-in's message, naming the provider. */
export function socialErrorText(params: URLSearchParams): string | null {
  const code = params.get("sign_in_error");
  const provider = params.get("provider");
  if (!isSocialError(code) || !isSocialProvider(provider)) return null;
  return socialSignInErrorMessage(code, SOCIAL_PROVIDER_LABELS[provider]);
}
