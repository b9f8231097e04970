import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { lastMailTo, linkToken } from "../../testing/mailbox";

const STRONG = "correct horse battery staple";
let counter = 0;
const freshEmail = () => `person${Date.now()}${counter++}@example.test`;

describeOnEachDatabase("password sign-up, verification, sign-out and sign-in", (use) => {
  const app = useTestApp(use);
  const client = (address?: string) => new TestClient(app().server, address);

  test("sign up with a password, verify from the mail, sign out, sign in again", async () => {
    const email = freshEmail();
    const browser = client();
    const signup = await browser.post("/api/auth/signup", {
      email: email.toUpperCase(),
      firstName: "Ada",
      lastName: "Lovelace",
      password: STRONG,
      tosAccepted: true,
      additionalQueryStrings: { redirectTo: "/c/launch", register: "true" },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().user).toMatchObject({
      email,
      firstName: "Ada",
      emailVerified: false,
      hasPassword: true,
    });
    expect(signup.json().user.tosAccepted).not.toBeNull();
    expect((await browser.get("/api/me")).json().user.email).toBe(email);

    const mail = await lastMailTo(browser, email);
    expect(mail.subject).toBe("Confirm your email for Onstage");
    const verify = await browser.post("/api/magic-link/verify", { token: linkToken(mail) });
    expect(verify.json()).toEqual({ redirectTo: "/c/launch?register=true&emailVerified=true" });
    expect((await browser.get("/api/me")).json().user.emailVerified).toBe(true);

    const oldSession = browser.cookie("onstage_session") ?? "";
    expect((await browser.post("/api/auth/logout")).statusCode).toBe(204);
    expect((await browser.get("/api/me")).json().user).toBeNull();
    // The old cookie, replayed, is refused.
    browser.setCookie("onstage_session", oldSession);
    expect((await browser.get("/api/me")).json().user).toBeNull();

    const signin = await browser.post("/api/auth/login", { email, password: STRONG });
    expect(signin.statusCode).toBe(200);
    expect(browser.cookie("onstage_session")).not.toBe(oldSession);
    expect((await browser.get("/api/me")).json().user.email).toBe(email);
  });

  test("the session cookie is httpOnly and SameSite=Lax", async () => {
    const res = await client().post("/api/auth/signup", {
      email: freshEmail(),
      firstName: "C",
      lastName: "K",
      tosAccepted: true,
    });
    const cookie = res.cookies.find((c) => c.name === "onstage_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });

  test("an address already taken is a conflict and changes nothing", async () => {
    const email = freshEmail();
    await client().post("/api/auth/signup", { email, firstName: "A", lastName: "B", tosAccepted: true });
    const again = await client().post("/api/auth/signup", {
      email,
      firstName: "X",
      lastName: "Y",
      password: STRONG,
      tosAccepted: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("account_exists");
    const [row] = await use().query<{ first_name: string; password_hash: string | null }>(
      "SELECT first_name, password_hash FROM users WHERE email = $1",
      [email],
    );
    expect(row).toEqual({ first_name: "A", password_hash: null });
  });

  test("sign out everywhere ends every session of the user", async () => {
    const email = freshEmail();
    const laptop = client();
    await laptop.post("/api/auth/signup", {
      email,
      firstName: "A",
      lastName: "B",
      password: STRONG,
      tosAccepted: true,
    });
    const phone = client("198.51.100.7");
    await phone.post("/api/auth/login", { email, password: STRONG });
    expect((await phone.get("/api/me")).json().user).not.toBeNull();
    expect((await laptop.post("/api/auth/logout-everywhere")).statusCode).toBe(204);
    expect((await phone.get("/api/me")).json().user).toBeNull();
    expect((await laptop.get("/api/me")).json().user).toBeNull();
  });
});

describeOnEachDatabase("password guessing", (use) => {
  const app = useTestApp(use);

  test("five wrong guesses from one address block that address for the account, not the owner elsewhere", async () => {
    const email = freshEmail();
    const owner = new TestClient(app().server, "192.0.2.1");
    await owner.post("/api/auth/signup", {
      email,
      firstName: "A",
      lastName: "B",
      password: STRONG,
      tosAccepted: true,
    });
    const attacker = new TestClient(app().server, "192.0.2.66");
    for (let i = 0; i < 5; i++) {
      const guess = await attacker.post("/api/auth/login", { email, password: `wrong-${i}` });
      expect(guess.statusCode).toBe(401);
      expect(guess.json().error).toEqual({
        code: "invalid_credentials",
        message: "Incorrect email or password",
      });
    }
    const blocked = await attacker.post("/api/auth/login", { email, password: STRONG });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("too_many_attempts");
    expect(attacker.cookie("onstage_session")).toBeUndefined();

    const elsewhere = new TestClient(app().server, "192.0.2.2");
    expect((await elsewhere.post("/api/auth/login", { email, password: STRONG })).statusCode).toBe(200);
  });

  test("an unknown e-mail and a wrong password get the same answer", async () => {
    const a = await new TestClient(app().server, "192.0.2.9").post("/api/auth/login", {
      email: freshEmail(),
      password: "whatever",
    });
    expect(a.statusCode).toBe(401);
    expect(a.json().error.code).toBe("invalid_credentials");
  });
});

describeOnEachDatabase("magic links", (use) => {
  const app = useTestApp(use);
  const client = () => new TestClient(app().server);

  async function accountWithoutPassword() {
    const email = freshEmail();
    await client().post("/api/auth/signup", { email, firstName: "Grace", lastName: "H", tosAccepted: true });
    return email;
  }

  test("the lookup says whether an account exists and has a password", async () => {
    const email = await accountWithoutPassword();
    expect((await client().post("/api/user/lookup-account", { email })).json()).toEqual({
      accountExists: true,
      userHasSetPassword: false,
      firstName: "Grace",
    });
    expect((await client().post("/api/user/lookup-account", { email: freshEmail() })).json()).toEqual({
      accountExists: false,
      userHasSetPassword: false,
      firstName: null,
    });
    const bad = await client().post("/api/user/lookup-account", { email: "not-an-email" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Please enter a valid email address");
  });

  test("a login link opened by GET and HEAD still works, once; the page confirms by POST", async () => {
    const email = await accountWithoutPassword();
    const browser = client();
    const sent = await browser.post("/api/magic-link/send", {
      email,
      user_action: "login",
      additionalQueryStrings: { redirectTo: "/c/summit", couponName: "EARLYBIRD" },
    });
    expect(sent.json()).toEqual({ sent: true });
    const mail = await lastMailTo(browser, email, "Your Onstage sign-in link");
    const token = linkToken(mail);
    // What a mail scanner does: fetch the link. The token is in the fragment, never sent.
    const link = new URL(mail.text.match(/https?:\/\/\S+\/auth\/link#\S+/)?.[0] ?? "");
    expect(link.hash).toContain(`token=${token}`);
    expect((await browser.get(link.pathname)).statusCode).toBe(200);
    expect((await browser.request("HEAD", `${link.pathname}?token=${token}`)).statusCode).toBe(200);

    const first = await browser.post("/api/magic-link/verify", { token });
    expect(first.json()).toEqual({ redirectTo: "/c/summit?couponName=EARLYBIRD" });
    expect((await browser.get("/api/me")).json().user).toMatchObject({ email, emailVerified: true });
    const second = await client().post("/api/magic-link/verify", { token });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe("link_invalid");
  });

  test("an expired link fails, and a newer link replaces the older", async () => {
    const email = await accountWithoutPassword();
    const browser = client();
    await browser.post("/api/magic-link/send", { email, user_action: "login" });
    const older = linkToken(await lastMailTo(browser, email, "Your Onstage sign-in link"));
    await use().query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE email = $1 AND used_at IS NULL",
      [email],
    );
    expect((await browser.post("/api/magic-link/verify", { token: older })).json().error.code).toBe(
      "link_invalid",
    );

    await browser.post("/api/magic-link/send", { email, user_action: "login" });
    const first = linkToken(await lastMailTo(browser, email, "Your Onstage sign-in link", [older]));
    await browser.post("/api/magic-link/send", { email, user_action: "login" });
    const newest = linkToken(await lastMailTo(browser, email, "Your Onstage sign-in link", [older, first]));
    expect((await browser.post("/api/magic-link/verify", { token: first })).json().error.code).toBe(
      "link_invalid",
    );
    expect((await browser.post("/api/magic-link/verify", { token: newest })).statusCode).toBe(200);
  });

  test("asking for a link answers the same whether or not the address has an account", async () => {
    const unknown = await client().post("/api/magic-link/send", {
      email: freshEmail(),
      user_action: "login",
    });
    const known = await client().post("/api/magic-link/send", {
      email: await accountWithoutPassword(),
      user_action: "login",
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  test("redirects never leave the site", async () => {
    const res = await client().post("/api/magic-link/send", {
      email: freshEmail(),
      user_action: "login",
      additionalQueryStrings: { redirectTo: "//evil.example/phish" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describeOnEachDatabase("password reset", (use) => {
  const app = useTestApp(use);

  test("a reset link sets a new password, signs other sessions out and signs this one in", async () => {
    const email = freshEmail();
    const old = new TestClient(app().server);
    await old.post("/api/auth/signup", {
      email,
      firstName: "A",
      lastName: "B",
      password: STRONG,
      tosAccepted: true,
    });
    const browser = new TestClient(app().server, "198.51.100.20");
    expect((await browser.post("/api/password-reset", { email, redirectTo: "/my-events" })).json()).toEqual({
      sent: true,
    });
    const token = linkToken(await lastMailTo(browser, email, "Reset your Onstage password"));
    const weak = await browser.post("/api/password-reset/confirm", { token, password: "password123" });
    expect(weak.json().error.code).toBe("weak_password");
    const done = await browser.post("/api/password-reset/confirm", {
      token,
      password: "a whole new sentence here",
    });
    expect(done.json()).toEqual({ redirectTo: "/my-events" });
    expect((await old.get("/api/me")).json().user).toBeNull();
    expect((await browser.get("/api/me")).json().user.email).toBe(email);
    expect(
      (
        await new TestClient(app().server, "198.51.100.21").post("/api/auth/login", {
          email,
          password: "a whole new sentence here",
        })
      ).statusCode,
    ).toBe(200);
  });
});

describeOnEachDatabase("bad input changes nothing", (use) => {
  const app = useTestApp(use);
  const client = () => new TestClient(app().server);

  test.each([
    {
      case: "no CSRF token",
      csrf: false,
      headers: {} as Record<string, string>,
      body: { email: "a@b.test" },
      status: 403,
      code: "csrf_invalid",
    },
    {
      case: "a wrong CSRF token",
      csrf: true,
      headers: { "x-csrf-token": "forged" },
      body: { email: "a@b.test" },
      status: 403,
      code: "csrf_invalid",
    },
    {
      case: "a wrong type",
      csrf: true,
      headers: {},
      body: { email: 42 },
      status: 400,
      code: "invalid_request",
    },
    {
      case: "an unknown field",
      csrf: true,
      headers: {},
      body: { email: "a@b.test", admin: true },
      status: 400,
      code: "invalid_request",
    },
  ])("lookup with $case → $status $code", async ({ csrf, headers, body, status, code }) => {
    const res = await client().request("POST", "/api/user/lookup-account", { body, headers, csrf });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  test("a malformed JSON body is a 400", async () => {
    const res = await client().request("POST", "/api/auth/login", {
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
  });

  test.each([
    {
      case: "a first name with a link",
      body: { firstName: "http://spam", lastName: "B" },
      code: "bad_request",
      message: "Bad request",
    },
    {
      case: "an over-long first name",
      body: { firstName: "A".repeat(60), lastName: "B" },
      code: "bad_request",
      message: "Bad request",
    },
    {
      case: "a bad last name",
      body: { firstName: "A", lastName: "see https://x" },
      code: "invalid_last_name",
      message: "Invalid last name",
    },
    {
      case: "terms not accepted",
      body: { firstName: "A", lastName: "B", tosAccepted: false },
      code: "invalid_request",
      message: undefined,
    },
    {
      case: "a weak password",
      body: { firstName: "A", lastName: "B", password: "password1" },
      code: "weak_password",
      message: undefined,
    },
    {
      case: "an over-long password",
      body: { firstName: "A", lastName: "B", password: "x".repeat(200) },
      code: "invalid_request",
      message: undefined,
    },
  ])("sign-up with $case is refused and creates no account", async ({ body, code, message }) => {
    const email = freshEmail();
    const res = await client().post("/api/auth/signup", { email, tosAccepted: true, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await use().query("SELECT 1 FROM users WHERE email = $1", [email])).toHaveLength(0);
  });

  test.each([
    { url: "/api/user/accept-terms", method: "POST" as const, body: {} },
    { url: "/api/user/profile", method: "PATCH" as const, body: { firstName: "X" } },
    { url: "/api/user/password", method: "POST" as const, body: { newPassword: STRONG } },
    { url: "/api/accounts", method: "POST" as const, body: { email: "a@b.test" } },
  ])("$method $url needs a signed-in user", async ({ url, method, body }) => {
    const res = await client().request(method, url, { body });
    expect(res.statusCode).toBe(401);
  });
});

describeOnEachDatabase("the account itself", (use) => {
  const app = useTestApp(use);

  async function signedInClient(password?: string) {
    const browser = new TestClient(app().server);
    const email = freshEmail();
    await browser.post("/api/auth/signup", {
      email,
      firstName: "Sam",
      lastName: "S",
      tosAccepted: true,
      ...(password ? { password } : {}),
    });
    return { browser, email };
  }

  test("profile names are checked by the shared rule; bio is saved", async () => {
    const { browser } = await signedInClient();
    const bad = await browser.patch("/api/user/profile", { firstName: "visit http://x" });
    expect(bad.json().error).toEqual({ code: "invalid_first_name", message: "Invalid first name" });
    const ok = await browser.patch("/api/user/profile", { firstName: "Samuel", bio: "Live video nerd." });
    expect(ok.json().user).toMatchObject({ firstName: "Samuel", bio: "Live video nerd." });
  });

  test("changing a password needs the current one; setting a first one does not", async () => {
    const { browser, email } = await signedInClient();
    expect((await browser.post("/api/user/password", { newPassword: STRONG })).statusCode).toBe(204);
    const wrong = await browser.post("/api/user/password", {
      currentPassword: "nope",
      newPassword: "another fine sentence",
    });
    expect(wrong.json().error.code).toBe("wrong_password");
    expect(
      (
        await browser.post("/api/user/password", {
          currentPassword: STRONG,
          newPassword: "another fine sentence",
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await new TestClient(app().server, "198.51.100.99").post("/api/auth/login", {
          email,
          password: "another fine sentence",
        })
      ).statusCode,
    ).toBe(200);
  });

  test("terms acceptance is stored once; sign-in accounts list the e-mail provider", async () => {
    const { browser, email } = await signedInClient();
    const res = await browser.post("/api/user/accept-terms", {});
    expect(res.json().user.tosAccepted).not.toBeNull();
    expect((await browser.get("/api/user/sign-in-accounts")).json()).toEqual({
      accounts: [{ provider: "email", email }],
    });
    expect((await browser.post("/api/accounts", { email })).json()).toEqual({
      accounts: [{ provider: "email", id: email }],
    });
    expect((await browser.post("/api/accounts", { email: "someone-else@example.test" })).statusCode).toBe(
      404,
    );
  });

  test("an invite token signs the invitee in with a verified e-mail", async () => {
    const { issueLinkToken } = await import("./tokens");
    const email = freshEmail();
    const token = await issueLinkToken(use(), { purpose: "invite", email, userId: null });
    const browser = new TestClient(app().server);
    const res = await browser.post("/api/verify-email-from-invite", {
      firstName: "Ivy",
      lastName: "Invited",
      token,
    });
    expect(res.json()).toEqual({ verified: true, authToken: null });
    expect((await browser.get("/api/me")).json().user).toMatchObject({
      email,
      firstName: "Ivy",
      emailVerified: true,
    });
    expect(
      (await browser.post("/api/verify-email-from-invite", { firstName: "Ivy", lastName: "I", token }))
        .statusCode,
    ).toBe(400);
  });
});
