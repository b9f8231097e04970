import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** The claims a stand-in account answers with; which ones are present is up to the test. */
export interface TestClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for Google. Its development
 * login form takes any login and password; the login becomes the subject and `claimsFor(login)` its claims.
 */
export async function startTestOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  claimsFor: (login: string) => TestClaims;
}): Promise<TestOidcProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
      },
    ],
    claims: { email: ["email", "email_verified"], profile: ["given_name", "family_name", "picture"] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...options.claimsFor(sub) }),
    }),
    features: { devInteractions: { enabled: true } },
    // As Google does for every client of ours: no code without PKCE.
    pkce: { required: () => true },
    cookies: { keys: ["onstage-test-oidc-provider"] },
    // Fixed lifetimes (seconds) rather than the defaults, which print a notice on every use.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  handle = provider.callback();
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the provider: follows its redirects with its cookies and submits the development
 * login form (any password) and the consent form. Returns where the provider sends the browser back.
 */
export async function authorizeAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const providerOrigin = new URL(authorizationUrl).origin;
  let request: { url: URL; form?: URLSearchParams } = { url: new URL(authorizationUrl) };
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(request.url, {
      method: request.form ? "POST" : "GET",
      body: request.form,
      redirect: "manual",
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== providerOrigin) return next;
      request = { url: next };
      continue;
    }
    const page = await res.text();
    const action = page.match(/<form[^>]* action="([^"]+)"/)?.[1];
    const prompt = page.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected provider page (${res.status}): ${page.slice(0, 300)}`);
    const fields: Record<string, string> =
      prompt === "login" ? { prompt, login, password: "any password" } : { prompt };
    request = { url: new URL(action, request.url), form: new URLSearchParams(fields) };
  }
  throw new Error("the provider never sent the browser back");
}
