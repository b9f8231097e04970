import { expect, test } from "vitest";
import { signedIn, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { isLoopback } from "./access";

// Issue 23 §2.7: the mailbox (every user's sign-in links) answers this machine and the first channel's
// owner. The peer is the socket's: a client that writes X-Forwarded-For (TRUST_PROXY is on here) is not
// let in by it.

test.each([
  { address: "127.0.0.1", want: true },
  { address: "127.8.9.10", want: true },
  { address: "::1", want: true },
  { address: "::ffff:127.0.0.1", want: true },
  { address: "192.0.2.7", want: false },
  { address: "::ffff:192.0.2.7", want: false },
  { address: "2001:db8::1", want: false },
  { address: "::", want: false },
  { address: undefined, want: false },
])("$address is this machine: $want", ({ address, want }) => {
  expect(isLoopback(address)).toBe(want);
});

describeOnEachDatabase("the development mailbox", (use) => {
  const app = useTestApp(use);
  const PATHS = ["/dev/mailbox", "/api/dev/mailbox", "/api/dev/mailbox/1/attachments/0"];
  const get = (url: string, from: { remoteAddress: string; cookie?: string }) =>
    app().server.inject({
      method: "GET",
      url,
      remoteAddress: from.remoteAddress,
      headers: { "x-forwarded-for": "127.0.0.1", ...(from.cookie ? { cookie: from.cookie } : {}) },
    });

  test("another address gets 404 for every page, whatever X-Forwarded-For says; this machine reads it", async () => {
    await app().mailer.send({ to: "a@example.test", subject: "Sign in", text: "link", html: "<p>link</p>" });
    for (const url of PATHS) {
      const res = await get(url, { remoteAddress: "192.0.2.7" });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("Sign in");
    }
    expect((await get("/api/dev/mailbox", { remoteAddress: "::1" })).statusCode).toBe(200);
    const local = await get("/dev/mailbox", { remoteAddress: "127.0.0.1" });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain("Sign in");
  });

  test("from another address, the first channel's owner reads it; another channel's owner or a guest does not", async () => {
    const db = use();
    const g = given(db);
    const [first] = await db.query<{ id: number }>(
      "SELECT min(id)::int AS id FROM organizations WHERE deleted_at IS NULL",
    );
    const firstChannel = first?.id ?? (await g.channel());
    const owner = await g.user();
    await g.member(firstChannel, owner, "owner");
    const otherOwner = await g.user();
    await g.member(await g.channel(), otherOwner, "owner");
    const admin = await g.user();
    await g.member(firstChannel, admin, "admin");
    const remote = async (userId: number) =>
      (await get("/api/dev/mailbox", { remoteAddress: "198.51.100.4", ...(await signedIn(db, userId)) }))
        .statusCode;
    expect(await remote(owner)).toBe(200);
    expect(await remote(otherOwner)).toBe(404);
    expect(await remote(admin)).toBe(404);
    expect(await remote(await g.user())).toBe(404);
  });
});
