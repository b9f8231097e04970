import {
  type AdditionalQueryStrings,
  LinkSignInResponse,
  LookupAccountResponse,
  type MagicLinkSendRequest,
  MeResponse,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
  ProvidersResponse,
  SentResponse,
  type SignInRequest,
  type SignUpRequest,
  type SocialProvider,
  type VerifyEmailFromInviteRequest,
  VerifyEmailFromInviteResponse,
} from "@onstage/domain";
import type { z } from "zod";
import { api, jsonBody } from "../../api";

// The accounts and sign-in endpoints, one function each; hooks add caching and state.

export const fetchProviders = () => api("/api/auth/providers", ProvidersResponse);

export const lookupAccount = (email: string) =>
  api("/api/user/lookup-account", LookupAccountResponse, jsonBody({ email }));

export const signIn = (body: SignInRequest) => api("/api/auth/login", MeResponse, jsonBody(body));

export const signUp = (body: SignUpRequest) => api("/api/auth/signup", MeResponse, jsonBody(body));

export const sendMagicLink = (body: MagicLinkSendRequest) =>
  api("/api/magic-link/send", SentResponse, jsonBody(body));

export const requestPasswordReset = (body: z.input<typeof PasswordResetRequest>) =>
  api("/api/password-reset", SentResponse, jsonBody(body));

export const acceptTerms = () => api("/api/user/accept-terms", MeResponse, jsonBody({}));

export const verifyLink = (token: string) =>
  api("/api/magic-link/verify", LinkSignInResponse, jsonBody({ token }));

/** Social sign-in is a page navigation: the provider's consent screen cannot run inside fetch. */
export function socialStartUrl(provider: SocialProvider, redirectTo: AdditionalQueryStrings["redirectTo"]) {
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  return `/api/auth/${provider}/start${query}`;
}

export const confirmPasswordReset = (body: z.input<typeof PasswordResetConfirmRequest>) =>
  api("/api/password-reset/confirm", LinkSignInResponse, jsonBody(body));

export const verifyInvite = (body: z.input<typeof VerifyEmailFromInviteRequest>) =>
  api("/api/verify-email-from-invite", VerifyEmailFromInviteResponse, jsonBody(body));
