import {
  type ChangePasswordRequest,
  MeResponse,
  SentResponse,
  SignInAccountsResponse,
  type VerifyEmailRequest,
} from "@onstage/domain";
import type { z } from "zod";
import { api, apiNoContent, jsonBody, uploadWithProgress } from "../../api";

export const fetchSignInAccounts = () => api("/api/user/sign-in-accounts", SignInAccountsResponse);

export const changePassword = (body: z.input<typeof ChangePasswordRequest>) =>
  apiNoContent("/api/user/password", jsonBody(body));

export const resendVerification = (body: z.input<typeof VerifyEmailRequest>) =>
  api("/api/user/verify-email", SentResponse, jsonBody(body));

export function uploadPhoto(file: File, onProgress: (fraction: number) => void) {
  const body = new FormData();
  body.append("photo", file);
  return uploadWithProgress("/api/user/photo", body, MeResponse, onProgress);
}
