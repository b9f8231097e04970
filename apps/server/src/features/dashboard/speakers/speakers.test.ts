import type {
  MyEventsResponse,
  SpeakerInviteResponse,
  SpeakersResponse,
  TeamResponse,
} from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import type { TestClient } from "../../../testing/client";
import { clientFor, type DashWorld, dashWorld, type Person } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";
import { lastMailTo, linkToken } from "../../../testing/mailbox";

// Issue 23 §3.3: the event editor invites a speaker by address to chosen sessions; accepting the mailed
// link makes them a speaker of those sessions, and /my-events then lists the event with its greenrooms.

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${Date.now()}-${counter++}@corp.test`;

describeOnEachDatabase("speaker invitations", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());
  const speakersUrl = (w: DashWorld, eventId = w.event) => `/api/dash/events/${eventId}/speakers`;
  const inviteAs = async (client: TestClient, w: DashWorld, email: string, sessionIds = [w.session]) =>
    client.post(speakersUrl(w), { email, sessionIds });
  const roleOf = async (eventId: number, userId: number) => {
    const [row] = await use().query<{ event_role: string; video_session_ids: number[] }>(
      "SELECT event_role, video_session_ids::int[] FROM events_users_roles WHERE event_id = $1 AND user_id = $2",
      [eventId, userId],
    );
    return row ? { role: row.event_role, sessions: row.video_session_ids } : null;
  };
  /** Accepts the newest invitation mailed to `email` (not one whose token is in `superseded`). */
  const acceptByLink = async (w: DashWorld, email: string, superseded: string[] = []) => {
    const mail = await lastMailTo(w.anonymous(), email, undefined, superseded);
    const browser = w.anonymous();
    const res = await browser.post("/api/verify-email-from-invite", {
      token: linkToken(mail),
      firstName: "Sam",
      lastName: "Speaker",
    });
    expect(res.statusCode).toBe(200);
    return { browser, mail, userId: (await browser.get("/api/me")).json().user.id as number };
  };

  test.each([
    { who: "anonymous", status: 401 },
    { who: "moderator", status: 403 },
    { who: "guest", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
  ] as const)("$who may neither invite nor list speakers ($status)", async ({ who, status }) => {
    const w = await world();
    const client = who === "anonymous" ? w.anonymous() : await w.as(who as Person);
    expect((await inviteAs(client, w, freshEmail("refused"))).statusCode).toBe(status);
    expect((await client.get(speakersUrl(w))).statusCode).toBe(status);
    const owner = await w.as("owner");
    expect(((await owner.get(speakersUrl(w))).json() as SpeakersResponse).invites).toEqual([]);
  });

  test("an unknown event, another event's session and a malformed request are refused", async () => {
    const w = await world();
    const owner = await w.as("owner");
    const unknown = await owner.post(speakersUrl(w, 999_999_999), {
      email: freshEmail("x"),
      sessionIds: [w.session],
    });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, "event_not_found"]);
    const [otherSession] = await use().query<{ id: number }>(
      "SELECT id::int FROM video_sessions WHERE event_id = $1",
      [w.otherEvent],
    );
    const foreign = await inviteAs(owner, w, freshEmail("x"), [w.session, otherSession?.id ?? 0]);
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, "session_not_found"]);
    for (const body of [
      { email: freshEmail("x"), sessionIds: [] },
      { email: "not an address", sessionIds: [w.session] },
      { email: freshEmail("x") },
      { email: freshEmail("x"), sessionIds: [w.session], role: "host" },
    ]) {
      const res = await owner.post(speakersUrl(w), body);
      expect([res.statusCode, res.json().error.code]).toEqual([400, "invalid_request"]);
    }
    const member = await inviteAs(
      owner,
      w,
      (await use().query<{ email: string }>("SELECT email FROM users WHERE id = $1", [w.ids.member]))[0]
        ?.email ?? "",
    );
    expect([member.statusCode, member.json().error.code]).toEqual([409, "channel_member_exists"]);
    expect(((await owner.get(speakersUrl(w))).json() as SpeakersResponse).invites).toEqual([]);
  });

  test.each(["owner", "admin", "member", "host", "eventAdmin"] as const)(
    "%s invites a speaker: a pending invitation and a mail, no role yet",
    async (who) => {
      const w = await world();
      const email = freshEmail("speaker");
      const res = await inviteAs(await w.as(who), w, email);
      expect(res.statusCode).toBe(201);
      const { invite } = res.json() as SpeakerInviteResponse;
      expect(invite).toMatchObject({ email, sessionIds: [w.session] });
      const listed = (await (await w.as("owner")).get(speakersUrl(w))).json() as SpeakersResponse;
      expect(listed).toEqual({ speakers: [], invites: [invite] });
      const mail = await lastMailTo(w.anonymous(), email);
      expect(mail.subject).toContain("invited you to speak at");
      expect(mail.text).toContain("redirectTo=%2Fmy-events");
      // The channel's team list is the team's alone.
      const team = (
        await (await w.as("owner")).get(`/api/channels/${w.channel}/members`)
      ).json() as TeamResponse;
      expect(team.invites).toEqual([]);
    },
  );

  test("accepting the link makes a speaker of the chosen sessions, listed in the editor and in My events", async () => {
    const w = await world();
    const second = await w.g.session(w.event);
    const email = freshEmail("keynote");
    const owner = await w.as("owner");
    expect((await inviteAs(owner, w, email, [w.session])).statusCode).toBe(201);
    const firstToken = linkToken(await lastMailTo(w.anonymous(), email));
    // Inviting again adds sessions to the same invitation, mailed again with a new link.
    const again = await inviteAs(owner, w, email, [second]);
    expect((again.json() as SpeakerInviteResponse).invite.sessionIds).toEqual(
      [w.session, second].sort((a, b) => a - b),
    );

    const { browser, userId } = await acceptByLink(w, email, [firstToken]);
    expect(await roleOf(w.event, userId)).toEqual({
      role: "speaker",
      sessions: expect.arrayContaining([w.session, second]),
    });
    const listed = (await owner.get(speakersUrl(w))).json() as SpeakersResponse;
    expect(listed.invites).toEqual([]);
    expect(listed.speakers).toEqual([
      expect.objectContaining({
        userId,
        email,
        firstName: "Sam",
        sessionIds: [w.session, second].sort((a, b) => a - b),
      }),
    ]);

    const mine = (await browser.get("/api/my-events")).json() as MyEventsResponse;
    expect(mine.registered).toEqual([]);
    expect(mine.speaking.map((s) => s.event.id)).toEqual([w.event]);
    const hashes = await use().query<{ url_hash: string }>(
      "SELECT url_hash FROM video_sessions WHERE id = ANY($1::bigint[]) ORDER BY time_scheduled, id",
      [[w.session, second]],
    );
    expect(mine.speaking[0]?.sessions.map((s) => s.urlHash).sort()).toEqual(
      hashes.map((h) => h.url_hash).sort(),
    );
  });

  test("accepting never takes away a role above speaker", async () => {
    const w = await world();
    const [moderator] = await use().query<{ email: string }>("SELECT email FROM users WHERE id = $1", [
      w.ids.moderator,
    ]);
    await use().query("UPDATE users SET email_verified_at = now() WHERE id = $1", [w.ids.moderator]);
    const email = moderator?.email ?? "";
    const owner = await w.as("owner");
    const { invite } = (await inviteAs(owner, w, email)).json() as SpeakerInviteResponse;
    const client = await clientFor(app().server, use(), w.ids.moderator);
    // The dashboard lists team invitations only, but the one road accepts either kind.
    expect(((await client.get("/api/invites")).json() as { invites: unknown[] }).invites).toEqual([]);
    expect((await client.post(`/api/invites/${invite.id}/accept`, {})).statusCode).toBe(200);
    expect((await roleOf(w.event, w.ids.moderator))?.role).toBe("moderator");
  });

  test("a speaker invitation is not the team's to resend or revoke, and shares the daily mail budget", async () => {
    const w = await world();
    const owner = await w.as("owner");
    const { invite } = (await inviteAs(owner, w, freshEmail("budget"))).json() as SpeakerInviteResponse;
    expect((await owner.post(`/api/channels/${w.channel}/invites/${invite.id}/resend`, {})).statusCode).toBe(
      404,
    );
    expect(
      (await owner.request("DELETE", `/api/channels/${w.channel}/invites/${invite.id}`)).statusCode,
    ).toBe(404);
    await use().query(
      `INSERT INTO auth_tokens (token_hash, purpose, email, payload, expires_at)
       SELECT md5(random()::text || i), 'invite', 'mailed' || i || '@corp.test',
              jsonb_build_object('organizationId', $1::bigint), now() + interval '1 day'
         FROM generate_series(1, 49) i`,
      [w.channel],
    );
    expect((await inviteAs(owner, w, freshEmail("over"))).statusCode).toBe(429);
    const listed = (await owner.get(speakersUrl(w))).json() as SpeakersResponse;
    expect(listed.invites).toEqual([invite]);
  });
});
