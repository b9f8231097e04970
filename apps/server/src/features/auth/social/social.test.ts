import { randomBytes } from "node:crypto";
import type { CurrentUser } from "@onstage/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { App } from "../../../app";
import { buildTestApp, TEST_PUBLIC_URL } from "../../../testing/app";
import { TestClient } from "../../../testing/client";
import { describeOnEachDatabase } from "../../../testing/databases";
import { given } from "../../../testing/given";
import {
  authorizeAtProvider,
  startTestOidcProvider,
  type TestClaims,
  type TestOidcProvider,
} from "../../../testing/oidc-provider";
import { recordServerLogLine } from "../../../testing/server-errors";
import type { SocialProviderConfig } from "./providers";
import { hashState } from "./queries";

// Google sign-in against a real OpenID Connect provider (oidc-provider) on this machine, driven like a
// browser: the app by inject, the provider by fetch, its development login and consent forms submitted.

const CLIENT = { clientId: "onstage-test", clientSecret: "onstage-test-secret-0123456789" };
const people = new Map<string, TestClaims>();
const logs: string[] = [];
/** Codes and states the provider handed out: none may reach the log. */
const secrets = new Set<string>();
const lastFailure = () =>
  logs
    .map((line) => JSON.parse(line) as { msg: string; reason?: string; cause?: string })
    .filter((entry) => entry.msg === "social sign-in failed")
    .at(-1);
const unique = () => randomBytes(4).toString("hex");

/** A person at the provider; returns the login that signs them in there. */
function person(claims: TestClaims): string {
  const login = `person-${unique()}`;
  people.set(login, claims);
  return login;
}

let idp: TestOidcProvider | undefined;
beforeAll(async () => {
  idp = await startTestOidcProvider({
    ...CLIENT,
    redirectUris: [`${TEST_PUBLIC_URL}/api/auth/google/callback`],
    claimsFor: (login) => people.get(login) ?? {},
  });
});
afterAll(async () => {
  await idp?.close();
});

const location = (res: LightMyRequestResponse) => String(res.headers.location);
const query = (res: LightMyRequestResponse) => new URL(location(res), TEST_PUBLIC_URL).searchParams;

describeOnEachDatabase("social sign-in", (use) => {
  const apps: App[] = [];
  const appWith = async (socialProviders: SocialProviderConfig) => {
    const app = await buildTestApp(use(), {
      logger: {
        level: "warn",
        stream: {
          write: (line: string) => {
            logs.push(line);
            recordServerLogLine(line.trimEnd());
          },
        },
      },
      socialProviders,
    });
    apps.push(app);
    return app.server;
  };
  let server: App["server"] | undefined;
  beforeAll(async () => {
    server = await appWith({ google: { ...CLIENT, baseUrl: idp?.issuer } });
  });
  afterAll(async () => {
    for (const app of apps) await app.server.close();
  });
  const browser = () => new TestClient(server ?? raise("app not started"));

  /** Start, then login and consent at the provider; returns the callback the provider sends back. */
  async function authorize(client: TestClient, login: string, redirectTo = "/c/launch-webinar") {
    const start = await client.get(`/api/auth/google/start?redirectTo=${encodeURIComponent(redirectTo)}`);
    expect(start.statusCode).toBe(302);
    const back = await authorizeAtProvider(location(start), login);
    for (const name of ["code", "state"]) secrets.add(back.searchParams.get(name) ?? "");
    return { callback: `${back.pathname}${back.search}`, state: back.searchParams.get("state") ?? "" };
  }

  async function signIn(client: TestClient, login: string, redirectTo?: string) {
    const { callback } = await authorize(client, login, redirectTo);
    return client.get(callback);
  }

  const me = async (client: TestClient): Promise<CurrentUser | null> =>
    (await client.get("/api/me")).json().user;
  const usersWithEmail = async (email: string) =>
    (await use().query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = $1", [email]))[0]
      ?.n;

  test("the start asks the provider for a code with PKCE, state, nonce and the callback", async () => {
    const start = await browser().get("/api/auth/google/start?redirectTo=/c/launch-webinar");
    const url = new URL(location(start));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp?.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: `${TEST_PUBLIC_URL}/api/auth/google/callback`,
      code_challenge_method: "S256",
    });
    for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toBeTruthy();
    // The state is bound to this browser by an httpOnly cookie (login CSRF).
    expect(start.cookies).toEqual([
      expect.objectContaining({
        name: "onstage_oauth",
        value: url.searchParams.get("state"),
        httpOnly: true,
        sameSite: "Lax",
      }),
    ]);
  });

  test("a new person is created with the provider's names and sent to the terms step; next time straight back", async () => {
    const email = `ada-${unique()}@example.test`;
    const login = person({ email, email_verified: true, given_name: "Ada", family_name: "Lovelace" });
    const first = browser();
    const res = await signIn(first, login, "/c/launch-webinar?ref=mail");
    expect(res.statusCode).toBe(302);
    expect(location(res)).toBe("/c/launch-webinar?ref=mail&sign_in=terms");
    const user = await me(first);
    expect(user).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", emailVerified: true });
    expect(user?.tosAccepted).toBeNull();
    expect((await first.post("/api/user/accept-terms")).statusCode).toBe(200);

    const second = browser();
    expect(location(await signIn(second, login, "/c/launch-webinar"))).toBe("/c/launch-webinar");
    expect((await me(second))?.id).toBe(user?.id);
    expect(await usersWithEmail(email)).toBe(1);
    const accounts = await use().query("SELECT provider, id, issuer FROM accounts WHERE user_id = $1", [
      user?.id,
    ]);
    expect(accounts).toEqual([{ provider: "google", id: login, issuer: idp?.issuer }]);
  });

  test.each([
    { case: "verified", verifiedAt: new Date(), hasPassword: true },
    // Issue 10 §1.1: the password of whoever typed the address before its owner proved it goes.
    { case: "never verified", verifiedAt: null, hasPassword: false },
  ])("an existing $case password user is linked when the provider verified the e-mail", async (row) => {
    const email = `linked-${unique()}@example.test`;
    const userId = await given(use()).user({
      email,
      password_hash: "not-a-real-hash",
      email_verified_at: row.verifiedAt,
    });
    const client = browser();
    const login = person({ email, email_verified: true, given_name: "Other", family_name: "Name" });
    const res = await signIn(client, login);
    expect(location(res)).toBe("/c/launch-webinar?sign_in=terms");
    expect(await me(client)).toMatchObject({ id: userId, firstName: "Test", hasPassword: row.hasPassword });
  });

  test("an existing user's e-mail the provider did not verify is refused with social_account", async () => {
    const email = `unverified-${unique()}@example.test`;
    const userId = await given(use()).user({ email, password_hash: "not-a-real-hash" });
    const client = browser();
    const res = await signIn(client, person({ email, email_verified: false, given_name: "Mallory" }));
    expect(location(res)).toBe("/c/launch-webinar?sign_in_error=social_account&provider=google");
    expect(lastFailure()).toMatchObject({ reason: "account", cause: "social_account" });
    expect(await me(client)).toBeNull();
    expect(
      await use().query("SELECT 1 FROM accounts WHERE user_id = $1 AND provider = 'google'", [userId]),
    ).toEqual([]);
  });

  test("a provider account without an e-mail is refused with social_user", async () => {
    const client = browser();
    const res = await signIn(client, person({ given_name: "No", family_name: "Email" }));
    expect(location(res)).toBe("/c/launch-webinar?sign_in_error=social_user&provider=google");
    expect(lastFailure()).toMatchObject({ reason: "no_email" });
    expect(await me(client)).toBeNull();
  });

  test("a wrong state is refused and creates nothing", async () => {
    const email = `wrong-state-${unique()}@example.test`;
    const client = browser();
    const { callback, state } = await authorize(client, person({ email, email_verified: true }));
    client.setCookie("onstage_oauth", "forged-state");
    const res = await client.get(callback.replace(state, "forged-state"));
    expect(location(res)).toBe("/?sign_in_error=social_credentials&provider=google");
    expect(lastFailure()).toMatchObject({ reason: "state_unknown_or_spent" });
    expect(await me(client)).toBeNull();
    expect(await usersWithEmail(email)).toBe(0);
  });

  test("a callback opened in another browser is refused and leaves the sign-in to its starter", async () => {
    const login = person({ email: `csrf-${unique()}@example.test`, email_verified: true });
    const starter = browser();
    const { callback } = await authorize(starter, login);
    const victim = browser();
    expect(location(await victim.get(callback))).toBe("/?sign_in_error=social_credentials&provider=google");
    expect(lastFailure()).toMatchObject({ reason: "state_not_from_this_browser" });
    expect(await me(victim)).toBeNull();
    expect(query(await starter.get(callback)).get("sign_in")).toBe("terms");
  });

  test("the same callback a second time is refused: the state is spent", async () => {
    const login = person({ email: `replay-${unique()}@example.test`, email_verified: true });
    const client = browser();
    const { callback, state } = await authorize(client, login);
    expect(query(await client.get(callback)).get("sign_in")).toBe("terms");
    const replay = browser();
    replay.setCookie("onstage_oauth", state);
    expect(location(await replay.get(callback))).toBe("/?sign_in_error=social_credentials&provider=google");
    expect(lastFailure()).toMatchObject({ reason: "state_unknown_or_spent" });
    expect(await me(replay)).toBeNull();
  });

  test("a spent code is refused even with a fresh state carrying the first verifier and nonce", async () => {
    const email = `code-replay-${unique()}@example.test`;
    const login = person({ email, email_verified: true });
    const victim = browser();
    const { callback, state } = await authorize(victim, login);
    const [first] = await use().query<{ code_verifier: string; nonce: string }>(
      "SELECT code_verifier, nonce FROM oauth_states WHERE state_hash = $1",
      [hashState(state)],
    );
    expect(query(await victim.get(callback)).get("sign_in")).toBe("terms");

    // A second start gives a valid state; it is made to hold the first flow's checks, so only the code is stale.
    const attacker = browser();
    const fresh = new URL(location(await attacker.get("/api/auth/google/start?redirectTo=/c/x")))
      .searchParams;
    const freshState = fresh.get("state") ?? "";
    await use().query("UPDATE oauth_states SET code_verifier = $1, nonce = $2 WHERE state_hash = $3", [
      first?.code_verifier,
      first?.nonce,
      hashState(freshState),
    ]);
    const res = await attacker.get(callback.replace(state, freshState));
    expect(location(res)).toBe("/c/x?sign_in_error=social_credentials&provider=google");
    // The provider refuses the code itself, not a PKCE or nonce mismatch.
    expect(lastFailure()).toMatchObject({
      reason: "code_exchange",
      cause: "OAUTH_RESPONSE_BODY_ERROR:invalid_grant",
    });
    expect(await me(attacker)).toBeNull();
  });

  test("an ID token with another nonce is refused with social_credentials", async () => {
    const email = `nonce-${unique()}@example.test`;
    const client = browser();
    const { callback, state } = await authorize(client, person({ email, email_verified: true }));
    await use().query("UPDATE oauth_states SET nonce = 'not-the-nonce-sent' WHERE state_hash = $1", [
      hashState(state),
    ]);
    const res = await client.get(callback);
    expect(location(res)).toBe("/c/launch-webinar?sign_in_error=social_credentials&provider=google");
    expect(lastFailure()).toMatchObject({
      reason: "code_exchange",
      cause: "OAUTH_JWT_CLAIM_COMPARISON_FAILED",
    });
    expect(await me(client)).toBeNull();
    expect(await usersWithEmail(email)).toBe(0);
  });

  test.each([
    {
      case: "an expired state",
      reason: "state_expired",
      tamper: (hash: string) =>
        use().query(
          "UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE state_hash = $1",
          [hash],
        ),
      callback: (url: string) => url,
    },
    {
      case: "the provider's refusal",
      reason: "provider_refused",
      tamper: async () => {},
      callback: (url: string) =>
        `${url.split("?")[0]}?error=access_denied&state=${new URL(url, TEST_PUBLIC_URL).searchParams.get("state")}`,
    },
  ])(
    "$case sends the browser back with social_credentials",
    async ({ reason, tamper, callback: toCallback }) => {
      const client = browser();
      const { callback, state } = await authorize(client, person({ email: `x-${unique()}@example.test` }));
      await tamper(hashState(state));
      const res = await client.get(toCallback(callback));
      expect(location(res)).toBe("/c/launch-webinar?sign_in_error=social_credentials&provider=google");
      expect(lastFailure()).toMatchObject({ reason });
      expect(await me(client)).toBeNull();
    },
  );

  test.each([
    { case: "an unconfigured provider", path: "/api/auth/twitter/start" },
    { case: "an unknown provider", path: "/api/auth/myspace/start" },
    { case: "an unknown provider's callback", path: "/api/auth/myspace/callback?code=a&state=b" },
  ])("$case is 404", async ({ path }) => {
    expect((await browser().get(path)).statusCode).toBe(404);
  });

  test.each([
    "//evil.example/",
    "/.//evil.example",
    "/%5C/evil.example",
    "/%09/evil.example",
    "https://evil.example",
  ])("a redirectTo off this site (%s) is refused before anything is stored", async (target) => {
    const res = await browser().get(`/api/auth/google/start?redirectTo=${target}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  test("only configured providers are listed, and an OAuth 2 provider's start goes to its endpoint", async () => {
    expect((await browser().get("/api/auth/providers")).json()).toEqual({ providers: ["google"] });
    const other = await appWith({
      facebook: { clientId: "fb-id", clientSecret: "fb-secret" },
      patreon: { clientId: "pt-id", clientSecret: "pt-secret" },
      twitter: { clientId: "tw-id", clientSecret: "" },
    });
    const client = new TestClient(other);
    expect((await client.get("/api/auth/providers")).json()).toEqual({ providers: ["facebook", "patreon"] });
    const url = new URL(location(await client.get("/api/auth/patreon/start")));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.patreon.com/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "pt-id",
      scope: "identity identity[email] identity.memberships",
      redirect_uri: `${TEST_PUBLIC_URL}/api/auth/patreon/callback`,
      code_challenge_method: "S256",
    });
    expect(url.searchParams.has("nonce")).toBe(false);
  });

  test("the log holds failures but no code, state or callback address", () => {
    expect(lastFailure()).toBeDefined();
    const log = logs.join("");
    for (const secret of secrets) if (secret) expect(log).not.toContain(secret);
    expect(log).not.toContain("/callback");
  });
});

function raise(message: string): never {
  throw new Error(message);
}
