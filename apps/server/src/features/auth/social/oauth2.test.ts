import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { App } from "../../../app";
import { buildTestApp, TEST_PUBLIC_URL } from "../../../testing/app";
import { TestClient } from "../../../testing/client";
import { describeOnEachDatabase } from "../../../testing/databases";

// A plain OAuth 2 provider (X) through openid-client against a stand-in on this machine that checks what
// X checks: HTTP Basic client authentication, the PKCE verifier, the redirect URI and one use per code.

// X's client ids and secrets hold '-': the Basic header must carry them as they are.
const CLIENT = { clientId: "x-client", clientSecret: "x-secret" };
const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/auth/twitter/callback`;
const unique = () => randomBytes(4).toString("hex");

interface Grant {
  challenge: string;
  user: Record<string, unknown>;
}
const grants = new Map<string, Grant>();
const tokens = new Map<string, Record<string, unknown>>();

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

function standIn(): Server {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method === "POST" && url.pathname === "/2/oauth2/token") {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const basic = Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64");
      if (req.headers.authorization !== `Basic ${basic}`) return reply(401, { error: "invalid_client" });
      const grant = grants.get(form.get("code") ?? "");
      grants.delete(form.get("code") ?? "");
      const valid =
        grant &&
        form.get("grant_type") === "authorization_code" &&
        form.get("redirect_uri") === REDIRECT_URI &&
        s256(form.get("code_verifier") ?? "") === grant.challenge;
      if (!valid) return reply(400, { error: "invalid_request" });
      const accessToken = unique();
      tokens.set(accessToken, grant.user);
      return reply(200, { token_type: "bearer", access_token: accessToken, expires_in: 7200 });
    }
    if (req.method === "GET" && url.pathname === "/2/users/me") {
      const user = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!user || url.searchParams.get("user.fields") !== "profile_image_url,confirmed_email")
        return reply(401, { title: "Unauthorized" });
      return reply(200, { data: user });
    }
    reply(404, {});
  });
}

let provider: Server | undefined;
let baseUrl = "";
beforeAll(async () => {
  provider = standIn();
  await new Promise<void>((resolve) => provider?.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => provider?.close(resolve));
});

const location = (res: LightMyRequestResponse) => String(res.headers.location);

describeOnEachDatabase("social sign-in with X (OAuth 2)", (use) => {
  let app: App | undefined;
  beforeAll(async () => {
    app = await buildTestApp(use(), {
      socialProviders: { twitter: { ...CLIENT, baseUrl } },
    });
  });
  afterAll(async () => {
    await app?.server.close();
  });

  /** Start, then the stand-in grants a code for `user` as X would after the person agrees. */
  async function authorize(client: TestClient, user: Record<string, unknown>) {
    const start = await client.get("/api/auth/twitter/start?redirectTo=/c/launch-webinar");
    const asked = new URL(location(start));
    expect(`${asked.origin}${asked.pathname}`).toBe(`${baseUrl}/i/oauth2/authorize`);
    expect(asked.searchParams.get("scope")).toBe("users.read tweet.read users.email");
    const code = unique();
    grants.set(code, { challenge: asked.searchParams.get("code_challenge") ?? "", user });
    return `/api/auth/twitter/callback?state=${asked.searchParams.get("state")}&code=${code}`;
  }

  test("a new X user with a confirmed e-mail is signed in and sent to the terms step", async () => {
    const client = new TestClient(app?.server ?? raise());
    const email = `x-${unique()}@example.test`;
    const subject = unique();
    const callback = await authorize(client, { id: subject, name: "Grace Hopper", confirmed_email: email });
    expect(location(await client.get(callback))).toBe("/c/launch-webinar?sign_in=terms");
    const me = (await client.get("/api/me")).json().user;
    expect(me).toMatchObject({ email, firstName: "Grace", lastName: "Hopper", emailVerified: true });
    const accounts = await use().query("SELECT provider, id, issuer FROM accounts WHERE user_id = $1", [
      me.id,
    ]);
    expect(accounts).toEqual([{ provider: "twitter", id: subject, issuer: baseUrl }]);
  });

  test("an X user without an e-mail is refused with social_user", async () => {
    const client = new TestClient(app?.server ?? raise());
    const callback = await authorize(client, { id: unique(), name: "No Email" });
    expect(location(await client.get(callback))).toBe(
      "/c/launch-webinar?sign_in_error=social_user&provider=twitter",
    );
    expect((await client.get("/api/me")).json().user).toBeNull();
  });

  test("a code X refuses is social_credentials", async () => {
    const client = new TestClient(app?.server ?? raise());
    const callback = await authorize(client, { id: unique(), confirmed_email: `x-${unique()}@example.test` });
    const res = await client.get(callback.replace(/code=\w+/, "code=unknown"));
    expect(location(res)).toBe("/c/launch-webinar?sign_in_error=social_credentials&provider=twitter");
  });
});

function raise(): never {
  throw new Error("app not started");
}
