import { linkFromMailbox } from "./mailbox";

/** Sets up an account through the HTTP API (with its CSRF token), as a test's "given". */
export async function signUpThroughApi(
  baseUrl: string,
  account: { email: string; firstName: string; lastName: string; password?: string },
): Promise<void> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken, cookie },
    body: JSON.stringify({ ...account, tosAccepted: true }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
}

/** Signs the browser context in through the API (its cookie jar keeps the session), as a test's "given". */
export async function signInBrowser(
  request: import("playwright-core").APIRequestContext,
  account: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const headers = { "x-csrf-token": csrfToken };
  const res = account.firstName
    ? await request.post("/api/auth/signup", {
        headers,
        data: {
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          tosAccepted: true,
        },
      })
    : await request.post("/api/auth/login", {
        headers,
        data: { email: account.email, password: account.password },
      });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/** Signs an existing person in through the link mailed to them (read from the dev mailbox), as they would. */
export async function signInByMailedLink(
  request: import("playwright-core").APIRequestContext,
  baseUrl: string,
  email: string,
): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const headers = { "x-csrf-token": csrfToken };
  await request.post("/api/magic-link/send", { headers, data: { email, user_action: "login" } });
  const link = await linkFromMailbox(baseUrl, email, "Your Onstage sign-in link");
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token");
  const res = await request.post("/api/magic-link/verify", { headers, data: { token } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
}
