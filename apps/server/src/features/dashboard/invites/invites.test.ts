import type { MyInvitesResponse, TeamInviteResponse, TeamResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { TestClient } from "../../../testing/client";
import { clientFor, type DashWorld, dashWorld, type Person, teamRoleOf } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";
import { lastMailTo, linkToken } from "../../../testing/mailbox";

// Issue 10 §1.1: a team role bound to an address goes only to a verified account that accepts it.

const STRONG = "correct horse battery staple";
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${Date.now()}-${counter++}@corp.test`;

describeOnEachDatabase("team invitations", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());
  const roleOf = (channel: number, userId: number) => teamRoleOf(use(), channel, userId);
  const invite = async (w: DashWorld, email: string, role: "admin" | "member" = "admin") => {
    const owner = await w.as("owner");
    const res = await owner.post(`/api/channels/${w.channel}/members`, { email, role });
    expect(res.statusCode).toBe(200);
    return { owner, invite: (res.json() as TeamInviteResponse).invite };
  };
  const verifiedUser = async (w: DashWorld, email: string) => {
    const userId = await w.g.user({ email, email_verified_at: new Date() });
    return { userId, client: await clientFor(app().server, use(), userId) };
  };

  test("an unverified account pre-registered with the address gets no role, only a pending invitation", async () => {
    const w = await world();
    const email = freshEmail("newhire");
    const attacker = new TestClient(app().server, "198.51.100.66");
    await attacker.post("/api/auth/signup", {
      email,
      firstName: "Not",
      lastName: "Newhire",
      password: STRONG,
      tosAccepted: true,
    });
    const attackerId = (await attacker.get("/api/me")).json().user.id as number;

    const { owner, invite: sent } = await invite(w, email);
    expect(sent).toMatchObject({ email, role: "admin" });
    expect(await roleOf(w.channel, attackerId)).toBeNull();
    const team = (await owner.get(`/api/channels/${w.channel}/members`)).json() as TeamResponse;
    expect(team.members.map((m) => m.email)).not.toContain(email);
    expect(team.invites.map((i) => i.email)).toEqual([email]);

    expect((await attacker.get(`/api/dash/events/${w.event}/registrations`)).statusCode).toBe(403);
    expect((await attacker.get("/api/invites")).json()).toEqual({ invites: [] });
    const accept = await attacker.post(`/api/invites/${sent.id}/accept`, {});
    expect(accept.statusCode).toBe(403);
    expect(accept.json().error.code).toBe("email_not_verified");
    expect(await roleOf(w.channel, attackerId)).toBeNull();
  });

  test("an existing verified user is asked: no role until they accept in the dashboard", async () => {
    const w = await world();
    const email = freshEmail("colleague");
    const { userId, client } = await verifiedUser(w, email);
    const { owner, invite: sent } = await invite(w, email, "member");
    expect(await roleOf(w.channel, userId)).toBeNull();
    const mail = await lastMailTo(owner, email);
    expect(mail.subject).toContain("invited you to Test channel");
    expect(mail.text).toContain("accept it on your dashboard");

    const mine = (await client.get("/api/invites")).json() as MyInvitesResponse;
    expect(mine.invites).toEqual([
      {
        id: sent.id,
        channelId: w.channel,
        channelName: "Test channel",
        role: "member",
        expiresAt: sent.expiresAt,
      },
    ]);
    const someoneElse = await w.as("stranger");
    expect((await someoneElse.post(`/api/invites/${sent.id}/accept`, {})).statusCode).toBe(404);

    const accepted = await client.post(`/api/invites/${sent.id}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ channelId: w.channel });
    expect(await roleOf(w.channel, userId)).toBe("member");
    const again = await client.post(`/api/invites/${sent.id}/accept`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("invite_closed");
    // The mailed link died with the acceptance.
    const link = await w
      .anonymous()
      .post("/api/verify-email-from-invite", { token: linkToken(mail), firstName: "A", lastName: "B" });
    expect(link.statusCode).toBe(400);
    const team = (await owner.get(`/api/channels/${w.channel}/members`)).json() as TeamResponse;
    expect(team.invites).toEqual([]);
  });

  test("accepting by the link joins a verified account at once", async () => {
    const w = await world();
    const email = freshEmail("linked");
    const { userId } = await verifiedUser(w, email);
    const { owner } = await invite(w, email, "member");
    const browser = w.anonymous();
    const res = await browser.post("/api/verify-email-from-invite", {
      token: linkToken(await lastMailTo(owner, email)),
      firstName: "Lin",
      lastName: "Ked",
    });
    expect(res.statusCode).toBe(200);
    expect((await browser.get("/api/me")).json().user).toMatchObject({ id: userId, firstName: "Lin" });
    expect(await roleOf(w.channel, userId)).toBe("member");
  });

  const inviteRoutes = (w: DashWorld, inviteId: number) => [
    {
      name: "resend",
      call: (c: TestClient) => c.post(`/api/channels/${w.channel}/invites/${inviteId}/resend`, {}),
    },
    {
      name: "revoke",
      call: (c: TestClient) => c.request("DELETE", `/api/channels/${w.channel}/invites/${inviteId}`),
    },
  ];

  test.each([
    { who: "anonymous", status: 401 },
    { who: "member", status: 403 },
    { who: "host", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
  ] as const)("$who may neither resend nor revoke an invitation ($status)", async ({ who, status }) => {
    const w = await world();
    const { invite: sent } = await invite(w, freshEmail("refused"));
    const client = who === "anonymous" ? w.anonymous() : await w.as(who as Person);
    for (const route of inviteRoutes(w, sent.id)) {
      expect((await route.call(client)).statusCode, route.name).toBe(status);
    }
    const owner = await w.as("owner");
    const team = (await owner.get(`/api/channels/${w.channel}/members`)).json() as TeamResponse;
    expect(team.invites).toEqual([sent]);
  });

  test("another channel's invitation is 404 and a malformed id is 400, for resend and revoke", async () => {
    const w = await world();
    const other = await w.as("otherChannel");
    const res = await other.post(`/api/channels/${w.otherChannel}/members`, {
      email: freshEmail("elsewhere"),
      role: "member",
    });
    const theirs = (res.json() as TeamInviteResponse).invite;
    const admin = await w.as("admin");
    for (const route of inviteRoutes(w, theirs.id)) {
      const answer = await route.call(admin);
      expect(answer.statusCode, route.name).toBe(404);
      expect(answer.json().error.code).toBe("invite_not_found");
    }
    expect((await admin.post(`/api/channels/${w.channel}/invites/abc/resend`, {})).statusCode).toBe(400);
    expect((await admin.request("DELETE", `/api/channels/${w.channel}/invites/0`)).statusCode).toBe(400);
    expect((await admin.post(`/api/invites/abc/accept`, {})).statusCode).toBe(400);
    expect((await w.anonymous().post(`/api/invites/${theirs.id}/accept`, {})).statusCode).toBe(401);
    const still = (await other.get(`/api/channels/${w.otherChannel}/members`)).json() as TeamResponse;
    expect(still.invites.map((i) => i.id)).toEqual([theirs.id]);
  });

  test("a resend mails a new link and kills the old one", async () => {
    const w = await world();
    const email = freshEmail("resent");
    const { owner, invite: sent } = await invite(w, email);
    const first = linkToken(await lastMailTo(owner, email));
    const res = await (await w.as("admin")).post(`/api/channels/${w.channel}/invites/${sent.id}/resend`, {});
    expect(res.statusCode).toBe(200);
    expect((res.json() as TeamInviteResponse).invite).toMatchObject({ id: sent.id, email, role: "admin" });
    const second = linkToken(await lastMailTo(owner, email, undefined, [first]));
    const anyone = w.anonymous();
    const old = await anyone.post("/api/verify-email-from-invite", {
      token: first,
      firstName: "A",
      lastName: "B",
    });
    expect(old.statusCode).toBe(400);
    const fresh = await anyone.post("/api/verify-email-from-invite", {
      token: second,
      firstName: "A",
      lastName: "B",
    });
    expect(fresh.statusCode).toBe(200);
  });

  test("a revoked invitation can be accepted neither by its link nor in the dashboard", async () => {
    const w = await world();
    const email = freshEmail("revoked");
    const { client } = await verifiedUser(w, email);
    const { owner, invite: sent } = await invite(w, email);
    const token = linkToken(await lastMailTo(owner, email));
    expect((await owner.request("DELETE", `/api/channels/${w.channel}/invites/${sent.id}`)).statusCode).toBe(
      204,
    );
    expect((await owner.request("DELETE", `/api/channels/${w.channel}/invites/${sent.id}`)).statusCode).toBe(
      204,
    );
    const team = (await owner.get(`/api/channels/${w.channel}/members`)).json() as TeamResponse;
    expect(team.invites).toEqual([]);
    expect((await client.get("/api/invites")).json()).toEqual({ invites: [] });

    const byLink = await w
      .anonymous()
      .post("/api/verify-email-from-invite", { token, firstName: "A", lastName: "B" });
    expect(byLink.statusCode).toBe(400);
    expect(byLink.json().error.code).toBe("link_invalid");
    const inDashboard = await client.post(`/api/invites/${sent.id}/accept`, {});
    expect(inDashboard.statusCode).toBe(409);
    expect(inDashboard.json().error.code).toBe("invite_closed");
    expect((await owner.post(`/api/channels/${w.channel}/invites/${sent.id}/resend`, {})).statusCode).toBe(
      404,
    );
  });

  test("past 50 invitation mails a day, inviting and resending are refused and change nothing", async () => {
    const w = await world();
    const { owner, invite: sent } = await invite(w, freshEmail("before"));
    await use().query(
      `INSERT INTO auth_tokens (token_hash, purpose, email, payload, expires_at)
       SELECT md5(random()::text || i), 'invite', 'mailed' || i || '@corp.test',
              jsonb_build_object('organizationId', $1::bigint), now() + interval '1 day'
         FROM generate_series(1, 49) i`,
      [w.channel],
    );
    const refused = await owner.post(`/api/channels/${w.channel}/members`, {
      email: freshEmail("after"),
      role: "member",
    });
    expect(refused.statusCode).toBe(429);
    const resent = await owner.post(`/api/channels/${w.channel}/invites/${sent.id}/resend`, {});
    expect(resent.statusCode).toBe(429);
    const team = (await owner.get(`/api/channels/${w.channel}/members`)).json() as TeamResponse;
    expect(team.invites).toEqual([sent]);
  });
});
