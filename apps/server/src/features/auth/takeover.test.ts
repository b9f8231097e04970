import { expect, test } from "vitest";
import { signedIn } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { lastMailTo, linkToken } from "../../testing/mailbox";
import { eventually, RealtimeClient, settle, useListeningApp } from "../../testing/realtime";

// Issue 10 §1.1: whoever typed an address before its owner proved the inbox keeps nothing afterwards:
// no session, no socket, no password, no names.

const ATTACKER_PASSWORD = "correct horse battery staple";
let counter = 0;
const freshEmail = () => `newhire-${Date.now()}-${counter++}@corp.test`;

describeOnEachDatabase("the first proof of an inbox ends a pre-registration", (use) => {
  const server = useListeningApp(use);
  const client = (address: string) => new TestClient(server().app.server, address);

  /** Someone signs the address up with a password and keeps a page (and its socket) open. */
  async function preRegister(email: string) {
    const attacker = client("198.51.100.66");
    const signup = await attacker.post("/api/auth/signup", {
      email,
      firstName: "Mallory",
      lastName: "Typed",
      password: ATTACKER_PASSWORD,
      tosAccepted: true,
    });
    expect(signup.statusCode).toBe(200);
    const userId = signup.json().user.id as number;
    const socket = await RealtimeClient.connect(server().url, {
      cookie: `onstage_session=${attacker.cookie("onstage_session")}`,
      reconnection: false,
    });
    expect((await socket.subscribe(`user:${userId}`)).status).toBe("SUBSCRIBED");
    return { attacker, userId, socket };
  }

  async function expectLockedOut(email: string, attacker: TestClient, socket: RealtimeClient) {
    expect((await attacker.get("/api/me")).json().user).toBeNull();
    await eventually("the attacker's socket closes", () => !socket.connected, 1_000);
    const login = await client("198.51.100.67").post("/api/auth/login", {
      email,
      password: ATTACKER_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    const lookup = await client("198.51.100.68").post("/api/user/lookup-account", { email });
    expect(lookup.json()).toMatchObject({ accountExists: true, userHasSetPassword: false });
    socket.close();
  }

  test("the owner's magic link ends the other sessions and sockets and removes the earlier password", async () => {
    const email = freshEmail();
    const { attacker, socket } = await preRegister(email);
    const owner = client("192.0.2.10");
    await owner.post("/api/magic-link/send", { email, user_action: "login" });
    const verified = await owner.post("/api/magic-link/verify", {
      token: linkToken(await lastMailTo(owner, email, "Your Onstage sign-in link")),
    });
    expect(verified.statusCode).toBe(200);
    expect((await owner.get("/api/me")).json().user).toMatchObject({
      email,
      emailVerified: true,
      hasPassword: false,
    });
    await expectLockedOut(email, attacker, socket);
  });

  test("invite acceptance by the owner ends the other sessions, takes the typed names, and the role is theirs alone", async () => {
    const email = freshEmail();
    const { attacker, userId, socket } = await preRegister(email);
    const g = given(use());
    const channel = await g.channel();
    const ownerId = await g.user({ email_verified_at: new Date() });
    await g.member(channel, ownerId, "owner");
    const channelOwner = client("192.0.2.20");
    const { cookie } = await signedIn(use(), ownerId);
    const [name, value] = cookie.split("=") as [string, string];
    channelOwner.setCookie(name, value);
    expect(
      (await channelOwner.post(`/api/channels/${channel}/members`, { email, role: "admin" })).statusCode,
    ).toBe(200);
    // Before acceptance the pre-registered sessions hold nothing.
    expect((await attacker.get(`/api/channels/${channel}/members`)).statusCode).toBe(403);

    const newhire = client("192.0.2.11");
    const accepted = await newhire.post("/api/verify-email-from-invite", {
      token: linkToken(await lastMailTo(channelOwner, email)),
      firstName: "Nadia",
      lastName: "Newhire",
    });
    expect(accepted.statusCode).toBe(200);
    expect((await newhire.get("/api/me")).json().user).toMatchObject({
      id: userId,
      firstName: "Nadia",
      lastName: "Newhire",
      emailVerified: true,
      hasPassword: false,
    });
    expect((await newhire.get(`/api/channels/${channel}/members`)).statusCode).toBe(200);
    await expectLockedOut(email, attacker, socket);
    expect((await attacker.get(`/api/channels/${channel}/members`)).statusCode).toBe(401);
  });

  test("confirming from the browser that signed up keeps its password; a later proof changes nothing", async () => {
    const email = freshEmail();
    const { attacker: person, socket } = await preRegister(email);
    const confirm = linkToken(await lastMailTo(person, email, "Confirm your email for Onstage"));
    expect((await person.post("/api/magic-link/verify", { token: confirm })).statusCode).toBe(200);
    expect((await person.get("/api/me")).json().user).toMatchObject({
      emailVerified: true,
      hasPassword: true,
    });
    const elsewhere = client("192.0.2.30");
    const login = await elsewhere.post("/api/auth/login", { email, password: ATTACKER_PASSWORD });
    expect(login.statusCode).toBe(200);
    await settle();
    // Verified already: another link signs in without ending anyone's session.
    await elsewhere.post("/api/magic-link/send", { email, user_action: "login" });
    const again = linkToken(await lastMailTo(elsewhere, email, "Your Onstage sign-in link"));
    expect((await client("192.0.2.31").post("/api/magic-link/verify", { token: again })).statusCode).toBe(
      200,
    );
    expect((await elsewhere.get("/api/me")).json().user).toMatchObject({ email, hasPassword: true });
    socket.close();
  });
});
