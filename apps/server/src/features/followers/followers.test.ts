import { FollowersPage, FollowStatus, UnfollowResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roleMatrixClients, roomScene } from "../../testing/room-scene";
import { readUnfollowToken, unfollowToken } from "./tokens";

// Issue 28 §3: following a channel, its team's list, and the mails' one-click unfollow link.

const SECRET = "followers-test-link-secret-0123456789abcdef";

describeOnEachDatabase("followers", (use) => {
  const app = useTestApp(use, { mediaSecret: SECRET });
  const scene = () => roomScene(app().server, use());
  const followUrl = (s: RoomScene) => `/api/channels/${s.channel}/follow`;
  const status = async (client: TestClient, s: RoomScene) =>
    FollowStatus.parse((await client.get(followUrl(s))).json());
  const followedAt = async (s: RoomScene, userId: number) =>
    (
      await use().query<{ created_at: Date }>(
        "SELECT created_at FROM followers WHERE organization_id = $1 AND user_id = $2",
        [s.channel, userId],
      )
    )[0]?.created_at ?? null;
  const unfollowByLink = (token: string, client = new TestClient(app().server)) =>
    // As a mail client's one-click unfollow posts it (RFC 8058): a form, no cookie, no CSRF token.
    client.request("POST", `/api/follows/unfollow?token=${encodeURIComponent(token)}`, {
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      csrf: false,
    });

  test("a signed-in user follows and unfollows; a visitor is asked to sign in; only the team sees the count", async () => {
    const s = await scene();
    const guest = s.people.guest.client;
    expect(await status(s.visitor, s)).toEqual({ following: false, followerCount: null });
    expect((await s.visitor.request("PUT", followUrl(s))).statusCode).toBe(401);
    const followed = await guest.request("PUT", followUrl(s));
    expect(FollowStatus.parse(followed.json())).toEqual({ following: true, followerCount: null });
    // Twice is the same one follow.
    expect((await guest.request("PUT", followUrl(s))).statusCode).toBe(200);
    for (const who of [s.people.owner, s.people.member]) {
      expect(await status(who.client, s)).toEqual({ following: false, followerCount: 1 });
    }
    expect((await status(s.people.otherGuest.client, s)).followerCount).toBeNull();
    expect(FollowStatus.parse((await guest.request("DELETE", followUrl(s))).json()).following).toBe(false);
    expect((await status(s.people.owner.client, s)).followerCount).toBe(0);
  });

  test("an unknown channel is 404; a bad id is 400; nothing is written", async () => {
    const s = await scene();
    const guest = s.people.guest.client;
    expect((await guest.request("PUT", "/api/channels/987654321/follow")).statusCode).toBe(404);
    expect((await guest.request("PUT", "/api/channels/abc/follow")).statusCode).toBe(400);
    expect((await guest.get("/api/channels/0/follow")).statusCode).toBe(400);
    expect(await use().query("SELECT 1 FROM followers WHERE user_id = $1", [s.people.guest.userId])).toEqual(
      [],
    );
  });

  test.each([
    { who: "owner", status: 200 },
    { who: "channelAdmin", status: 200 },
    { who: "member", status: 200 },
    { who: "host", status: 403 },
    { who: "guest", status: 403 },
    { who: "visitor", status: 401 },
  ])("the followers list: $who → $status", async ({ who, status: expected }) => {
    const s = await scene();
    const client = (await roleMatrixClients(s, "guest"))(who);
    await s.people.guest.client.request("PUT", followUrl(s));
    const res = await client.get(`/api/channels/${s.channel}/followers`);
    expect(res.statusCode).toBe(expected);
    if (expected !== 200) return;
    const page = FollowersPage.parse(res.json());
    expect(page.total).toBe(1);
    expect(page.followers.map((f) => f.userId)).toEqual([s.people.guest.userId]);
    // What the team sees of a follower: a name and a picture, no address.
    expect(Object.keys(page.followers[0] ?? {}).sort()).toEqual([
      "firstName",
      "followedAt",
      "lastName",
      "profilePhoto",
      "userId",
    ]);
  });

  test("following is rate-limited: a user toggling it in a loop is held at the limit", async () => {
    const s = await scene();
    const guest = s.people.guest.client;
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push((await guest.request(i % 2 ? "DELETE" : "PUT", followUrl(s))).statusCode);
    expect(codes.slice(0, 60).every((code) => code === 200)).toBe(true);
    const refused = await guest.request("PUT", followUrl(s));
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe("follow_rate_limited");
    // Another follower is not held by it.
    expect((await s.people.otherGuest.client.request("PUT", followUrl(s))).statusCode).toBe(200);
  });

  test("the unfollow link ends its follow once, needs no sign-in nor CSRF token, and cannot be forged", async () => {
    const s = await scene();
    const guestId = s.people.guest.userId;
    await s.people.guest.client.request("PUT", followUrl(s));
    await s.people.otherGuest.client.request("PUT", followUrl(s));
    const since = await followedAt(s, guestId);
    if (!since) throw new Error("not following");
    const token = unfollowToken(SECRET, { channelId: s.channel, userId: guestId, followedAt: since });
    expect(readUnfollowToken(SECRET, token)).toEqual({
      channelId: s.channel,
      userId: guestId,
      followedAt: since,
    });

    // Forged: another user's id under this signature, another secret, a cut signature, garbage.
    const [channel, , at, signature] = token.split(".");
    for (const forged of [
      `${channel}.${s.people.otherGuest.userId}.${at}.${signature}`,
      unfollowToken("another secret, of another server", {
        channelId: s.channel,
        userId: s.people.otherGuest.userId,
        followedAt: since,
      }),
      token.slice(0, -1),
      "1.2.3.x",
    ]) {
      const refused = await unfollowByLink(forged);
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe("invalid_unfollow_link");
    }
    expect(await followedAt(s, s.people.otherGuest.userId)).not.toBeNull();

    const first = await unfollowByLink(token);
    expect(UnfollowResponse.parse(first.json())).toEqual({
      channelName: expect.any(String),
      outcome: "unfollowed",
    });
    expect(await followedAt(s, guestId)).toBeNull();
    expect(UnfollowResponse.parse((await unfollowByLink(token)).json()).outcome).toBe("not_following");
    // Following again is a new follow: the old link does not end it.
    await s.people.guest.client.request("PUT", followUrl(s));
    expect(UnfollowResponse.parse((await unfollowByLink(token)).json()).outcome).toBe("not_following");
    expect(await followedAt(s, guestId)).not.toBeNull();
  });

  test("unfollow links are rate-limited per address; a bad token is 400 before anything is read", async () => {
    const client = new TestClient(app().server, "198.51.100.77");
    const codes = [];
    for (let i = 0; i < 61; i++)
      codes.push((await unfollowByLink(`1.1.1.${"a".repeat(43)}`, client)).statusCode);
    expect(codes.slice(0, 60).every((code) => code === 400)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await unfollowByLink("", new TestClient(app().server, "198.51.100.78"))).statusCode).toBe(400);
  });
});
