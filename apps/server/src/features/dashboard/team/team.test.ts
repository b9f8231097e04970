import type { TeamInviteResponse, TeamResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { dashWorld, type Person, teamRoleOf } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";
import { lastMailTo, linkToken } from "../../../testing/mailbox";

describeOnEachDatabase("dashboard team", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());
  const roleOf = (channel: number, userId: number) => teamRoleOf(use(), channel, userId);

  test("the team lists owner, admins and members; members may look, others may not", async () => {
    const w = await world();
    const res = await (await w.as("member")).get(`/api/channels/${w.channel}/members`);
    expect(res.statusCode).toBe(200);
    const team = res.json() as TeamResponse;
    expect(team.members.map((m) => [m.firstName, m.role])).toEqual([
      ["owner", "owner"],
      ["admin", "admin"],
      ["member", "member"],
    ]);
    for (const who of ["host", "guest", "stranger", "otherChannel"] as const) {
      expect((await (await w.as(who)).get(`/api/channels/${w.channel}/members`)).statusCode).toBe(403);
    }
    expect((await w.anonymous().get(`/api/channels/${w.channel}/members`)).statusCode).toBe(401);
    expect((await (await w.as("owner")).get("/api/channels/99999999/members")).statusCode).toBe(404);
  });

  test("adding someone already on the team is a conflict", async () => {
    const w = await world();
    const [email] = (
      await use().query<{ email: string }>("SELECT email FROM users WHERE id = $1", [w.ids.member])
    ).map((r) => r.email);
    const again = await (await w.as("admin")).post(`/api/channels/${w.channel}/members`, {
      email,
      role: "admin",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("channel_member_exists");
    expect(await roleOf(w.channel, w.ids.member)).toBe("member");
  });

  test("inviting a new address mails an invitation whose acceptance creates the membership", async () => {
    const w = await world();
    const owner = await w.as("owner");
    const email = `newcomer-${Date.now()}@example.test`;
    const res = await owner.post(`/api/channels/${w.channel}/members`, { email, role: "member" });
    expect(res.statusCode).toBe(200);
    const invited = res.json() as TeamInviteResponse;
    expect(invited).toMatchObject({ invite: { email, role: "member" } });
    const team = (await owner.get(`/api/channels/${w.channel}/members`)).json() as TeamResponse;
    expect(team.invites.map((i) => i.email)).toEqual([email]);

    const mail = await lastMailTo(owner, email);
    expect(mail.text).toContain("http://onstage.test/auth/link#token=");
    expect(mail.text).toContain("&purpose=invite");
    const newcomer = w.anonymous();
    const accepted = await newcomer.post("/api/verify-email-from-invite", {
      token: linkToken(mail),
      firstName: "New",
      lastName: "Comer",
    });
    expect(accepted.statusCode).toBe(200);
    const me = (await newcomer.get("/api/me")).json().user;
    expect(me).toMatchObject({ email, emailVerified: true });
    expect(await roleOf(w.channel, me.id)).toBe("member");
    const after = (await owner.get(`/api/channels/${w.channel}/members`)).json() as TeamResponse;
    expect(after.invites).toEqual([]);
    expect(after.members.map((m) => m.email)).toContain(email);
  });

  test("an invitation of another channel to the same address stays valid", async () => {
    const w = await world();
    const email = `twice-${Date.now()}@example.test`;
    const owner = await w.as("owner");
    await owner.post(`/api/channels/${w.channel}/members`, { email, role: "admin" });
    const first = await lastMailTo(owner, email);
    const other = await w.as("otherChannel");
    await other.post(`/api/channels/${w.otherChannel}/members`, { email, role: "member" });
    await lastMailTo(other, email, undefined, [linkToken(first)]);
    const res = await w
      .anonymous()
      .post("/api/verify-email-from-invite", { token: linkToken(first), firstName: "A", lastName: "B" });
    expect(res.statusCode).toBe(200);
  });

  test.each([
    { who: "member", status: 403 },
    { who: "host", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
  ] as const)("$who cannot add to the team ($status)", async ({ who, status }) => {
    const w = await world();
    const res = await (await w.as(who)).post(`/api/channels/${w.channel}/members`, {
      email: "someone@example.test",
      role: "admin",
    });
    expect(res.statusCode).toBe(status);
  });

  test.each([
    { body: { email: "not-an-email", role: "member" } },
    { body: { email: "a@example.test", role: "owner" } },
    { body: { email: "a@example.test" } },
    { body: { email: 5, role: "member" } },
  ])("adding with bad input $body is 400", async ({ body }) => {
    const w = await world();
    expect((await (await w.as("owner")).post(`/api/channels/${w.channel}/members`, body)).statusCode).toBe(
      400,
    );
  });

  test("the owner can be neither removed nor demoted, by anyone", async () => {
    const w = await world();
    for (const who of ["admin", "owner"] as const) {
      const client = await w.as(who);
      const demote = await client.patch(`/api/channels/${w.channel}/members/${w.ids.owner}`, {
        role: "member",
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.code).toBe("owner_locked");
      const remove = await client.request("DELETE", `/api/channels/${w.channel}/members/${w.ids.owner}`);
      expect(remove.statusCode).toBe(409);
    }
    expect(await roleOf(w.channel, w.ids.owner)).toBe("owner");
  });

  test.each([
    { who: "member", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
    { who: "admin", status: 200 },
  ] as const)("$who changing a member's role gets $status", async ({ who, status }) => {
    const w = await world();
    const res = await (await w.as(who as Person)).patch(
      `/api/channels/${w.channel}/members/${w.ids.member}`,
      {
        role: "admin",
      },
    );
    expect(res.statusCode).toBe(status);
    expect(await roleOf(w.channel, w.ids.member)).toBe(status === 200 ? "admin" : "member");
  });

  test("removing: unknown person 404, another channel's member 404, a member by an admin 204", async () => {
    const w = await world();
    const admin = await w.as("admin");
    expect((await admin.request("DELETE", `/api/channels/${w.channel}/members/99999999`)).statusCode).toBe(
      404,
    );
    expect(
      (await admin.request("DELETE", `/api/channels/${w.channel}/members/${w.ids.otherChannel}`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.patch(`/api/channels/${w.channel}/members/${w.ids.member}`, { role: "owner" })).statusCode,
    ).toBe(400);
    expect(
      (await admin.request("DELETE", `/api/channels/${w.channel}/members/${w.ids.member}`)).statusCode,
    ).toBe(204);
    expect(await roleOf(w.channel, w.ids.member)).toBeNull();
    expect(await roleOf(w.otherChannel, w.ids.otherChannel)).toBe("owner");
  });
});
