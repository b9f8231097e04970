import type { APIRequestContext } from "playwright-core";
import { signInBrowser } from "./api";
import { linkFromMailbox } from "./mailbox";

/**
 * Signs a new account up in the browser context and confirms its e-mail with the mailed link, as its
 * owner would: the context ends up signed in with a verified e-mail (needed to chat, spec 2 §5).
 */
export async function signUpVerified(
  request: APIRequestContext,
  baseUrl: string,
  account: { email: string; firstName: string; lastName: string },
): Promise<void> {
  await signInBrowser(request, account);
  const link = await linkFromMailbox(baseUrl, account.email, "Confirm your email for Onstage");
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token");
  if (!token) throw new Error(`no token in ${link}`);
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await request.post("/api/magic-link/verify", {
    headers: { "x-csrf-token": csrfToken },
    data: { token },
  });
  if (!res.ok()) throw new Error(`verification failed: ${res.status()} ${await res.text()}`);
}
