import { STAGE_CAPACITY_USERS } from "@onstage/domain";
import { beforeEach, describe, expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import type { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roomScene, topicMessages } from "../../testing/room-scene";

// Issue 12 §2 and §6: stage intents over HTTP, the role matrix of every move, the two races, and the
// stage rights an intent gives and takes away.

const BASE = "/api/video-session/intents";
const JOIN = "/api/video-session/join-stage";

describeOnEachDatabase("stage intents", (use) => {
  const app = useTestApp(use);
  let s: RoomScene;
  let extra: Record<"admin" | "otherSpeaker" | "banned" | "target", { userId: number; client: TestClient }>;

  const body = (fields: Record<string, unknown> = {}) => ({
    video_session_id: s.session,
    event_id: s.event,
    ...fields,
  });
  const intents = () =>
    use().query<{ user_id: number; intent_type: string; tile_state: string }>(
      "SELECT user_id::int AS user_id, intent_type, tile_state FROM video_session_intents WHERE video_session_id = $1 ORDER BY user_id",
      [s.session],
    );
  const setIntent = (userId: number, intentType: string, tileState = "main") =>
    use().query(
      `INSERT INTO video_session_intents (video_session_id, user_id, intent_type, tile_state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (video_session_id, user_id) DO UPDATE SET intent_type = $3, tile_state = $4`,
      [s.session, userId, intentType, tileState],
    );
  const setSession = (fields: string) =>
    use().query(`UPDATE video_sessions SET ${fields} WHERE id = $1`, [s.session]);

  beforeEach(async () => {
    if (!s) {
      s = await roomScene(app().server, use(), { session: { allow_raising_hands: true } });
      const { g } = s;
      extra = {
        admin: await s.person((u) => g.member(s.channel, u, "admin")),
        otherSpeaker: await s.person((u) => g.speaker(s.event, u, [s.otherSession])),
        banned: await s.person(async (u) => {
          await s.registered(u);
          await g.ban(u, s.channel, { ban_type: "event", event_id: s.event });
        }),
        target: await s.person((u) => s.registered(u)),
      };
    }
    await use().query("DELETE FROM video_session_intents");
    // The scene's people move again in every test: each starts within its audience rate limit (issue 23).
    await use().query("DELETE FROM audience_rate_windows");
    await setSession(
      "allow_raising_hands = true, open_stage = false, broadcast_type = 'webrtc', session_type = 'regular', state = 'broadcasting'",
    );
  });

  type Actor = Exclude<keyof RoomScene["people"], "unverified" | "outsider"> | keyof typeof extra | "visitor";
  const clientOf = (who: Actor) =>
    who === "visitor"
      ? s.visitor
      : who in extra
        ? extra[who as keyof typeof extra].client
        : s.people[who as keyof RoomScene["people"]].client;
  const userOf = (who: Actor) =>
    who === "visitor"
      ? 0
      : who in extra
        ? extra[who as keyof typeof extra].userId
        : s.people[who as keyof RoomScene["people"]].userId;
  const ACTORS: Actor[] = [
    "owner",
    "admin",
    "host",
    "member",
    "moderator",
    "speaker",
    "otherSpeaker",
    "guest",
    "banned",
    "visitor",
  ];
  /** Everyone who may read the session (all but the banned and the visitor). */
  const READERS = ACTORS.filter((a) => a !== "banned" && a !== "visitor");
  /** The expected status per actor; the rest of ACTORS get 403 (the visitor 401). */
  const matrix = (allowed: Actor[], others = 403) =>
    ACTORS.map((actor) => ({
      actor,
      status: allowed.includes(actor) ? 200 : actor === "visitor" ? 401 : others,
    }));

  describe("the role matrix: only what the specs allow succeeds, the rest changes nothing", () => {
    const check = async (
      actor: Actor,
      status: number,
      path: string,
      fields: Record<string, unknown>,
      want: { intent_type: string } | null,
      whose: number,
    ) => {
      const before = await intents();
      const res = await clientOf(actor).post(`${BASE}/${path}`, body(fields));
      expect(res.statusCode, res.body).toBe(status);
      const row = (await intents()).find((r) => r.user_id === whose);
      if (status === 200) expect(row ? { intent_type: row.intent_type } : null).toEqual(want);
      else expect(await intents()).toEqual(before);
    };

    test.each(matrix(["otherSpeaker", "guest"]))(
      "raise-hand by $actor → $status",
      async ({ actor, status }) => {
        await check(actor, status, "raise-hand", {}, { intent_type: "hand_raised" }, userOf(actor));
      },
    );

    test.each(matrix(READERS))(
      "lower-hand of one's own hand by $actor → $status",
      async ({ actor, status }) => {
        if (actor !== "visitor") await setIntent(userOf(actor), "hand_raised");
        await check(actor, status, "lower-hand", {}, null, userOf(actor));
      },
    );

    test.each(matrix(READERS))(
      "accept of one's own invite by $actor → $status",
      async ({ actor, status }) => {
        if (actor !== "visitor") await setIntent(userOf(actor), "invite_sent");
        await check(actor, status, "accept", {}, { intent_type: "invite_accepted" }, userOf(actor));
      },
    );

    test.each(matrix(READERS))(
      "decline of one's own invite by $actor → $status",
      async ({ actor, status }) => {
        if (actor !== "visitor") await setIntent(userOf(actor), "invite_sent");
        await check(actor, status, "decline", {}, { intent_type: "invite_declined" }, userOf(actor));
      },
    );

    test.each(matrix(["owner", "admin", "host", "member", "moderator"]))(
      "invite of a guest by $actor → $status",
      async ({ actor, status }) => {
        const target = extra.target.userId;
        const fields = { user_id: target, tile_state: "side" };
        await check(actor, status, "invite", fields, { intent_type: "invite_sent" }, target);
        if (status === 200) expect((await intents())[0]?.tile_state).toBe("side");
      },
    );

    test.each(matrix(["owner", "admin", "host"]))(
      "accept of a raised hand by $actor → $status",
      async ({ actor, status }) => {
        const target = extra.target.userId;
        await setIntent(target, "hand_raised");
        const fields = { user_id: target, answer: "offstage" };
        await check(actor, status, "answer-hand", fields, { intent_type: "invite_sent" }, target);
      },
    );

    test.each(matrix(["owner", "admin", "host"]))(
      "ignore of a raised hand by $actor → $status",
      async ({ actor, status }) => {
        const target = extra.target.userId;
        await setIntent(target, "hand_raised");
        const fields = { user_id: target, answer: "ignore" };
        await check(actor, status, "answer-hand", fields, { intent_type: "invite_declined" }, target);
      },
    );

    test.each(matrix(["owner", "admin", "host", "member", "moderator"]))(
      "uninvite by $actor → $status",
      async ({ actor, status }) => {
        const target = extra.target.userId;
        await setIntent(target, "invite_accepted");
        await check(actor, status, "uninvite", { user_id: target }, null, target);
      },
    );
  });

  test("a session of another event: refused, nothing changes", async () => {
    const otherEvent = await s.g.event(s.channel);
    const otherSession = await s.g.session(otherEvent, { state: "broadcasting", allow_raising_hands: true });
    const target = extra.target.userId;
    const host = s.people.host.client;
    // Named with this event's id or its own, the session is one where the host has no role.
    const wrongPair = await host.post(
      `${BASE}/invite`,
      body({ video_session_id: otherSession, user_id: target, tile_state: "main" }),
    );
    expect([wrongPair.statusCode, errorCode(wrongPair)]).toEqual([403, "forbidden"]);
    const elsewhere = await host.post(`${BASE}/invite`, {
      video_session_id: otherSession,
      event_id: otherEvent,
      user_id: target,
      tile_state: "main",
    });
    expect(elsewhere.statusCode).toBe(403);
    const raised = await s.people.guest.client.post(`${BASE}/raise-hand`, {
      video_session_id: otherSession,
      event_id: otherEvent,
    });
    expect(raised.statusCode).toBe(403);
    expect(await use().query("SELECT 1 FROM video_session_intents")).toEqual([]);
  });

  test("bad input is 400 and changes nothing", async () => {
    const host = s.people.host.client;
    const target = extra.target.userId;
    for (const fields of [
      { user_id: target, tile_state: "center" },
      { user_id: "x", tile_state: "main" },
      { user_id: target },
      { user_id: target, tile_state: "main", intent_type: "invite_accepted" },
    ]) {
      const res = await host.post(`${BASE}/invite`, body(fields));
      expect([res.statusCode, errorCode(res)]).toEqual([400, "invalid_request"]);
    }
    const self = await host.post(
      `${BASE}/invite`,
      body({ user_id: s.people.host.userId, tile_state: "main" }),
    );
    expect([self.statusCode, errorCode(self)]).toEqual([400, "invite_self"]);
    const nobody = await host.post(`${BASE}/invite`, body({ user_id: 987654321, tile_state: "main" }));
    expect([nobody.statusCode, errorCode(nobody)]).toEqual([404, "user_not_found"]);
    const banned = await host.post(
      `${BASE}/invite`,
      body({ user_id: extra.banned.userId, tile_state: "main" }),
    );
    expect([banned.statusCode, errorCode(banned)]).toEqual([404, "user_not_found"]);
    expect(await intents()).toEqual([]);
  });

  test("spec 2 §4 / spec 1 §4 transitions through the API: the stage's on the session topic, the rest on presence and the user's", async () => {
    const guest = s.people.guest;
    const host = s.people.host.client;
    const ownTopic = `user:${guest.userId}`;
    const topics = [s.topics.session, s.topics.presence, ownTopic];
    const before = await Promise.all(topics.map(async (t) => (await topicMessages(use(), t)).length));
    const post = (client: TestClient, path: string, fields: Record<string, unknown> = {}) =>
      client.post(`${BASE}/${path}`, body(fields));

    expect((await post(guest.client, "raise-hand")).json().intent).toMatchObject({
      intentType: "hand_raised",
      userId: guest.userId,
    });
    const again = await post(guest.client, "raise-hand");
    expect([again.statusCode, errorCode(again)]).toEqual([409, "hand_already_raised"]);
    // Spec 1 §5: a raised hand is answered with Accept, not invited.
    const invited = await post(host, "invite", { user_id: guest.userId, tile_state: "main" });
    expect([invited.statusCode, errorCode(invited)]).toEqual([409, "hand_raised"]);
    // Spec 1 §4: hand_raised moves to invite_sent, with the host's tile state.
    expect(
      (await post(host, "answer-hand", { user_id: guest.userId, answer: "side" })).json().intent,
    ).toMatchObject({
      intentType: "invite_sent",
      tileState: "side",
      createdByUserId: s.people.host.userId,
    });
    expect((await post(guest.client, "accept")).json().intent).toMatchObject({
      intentType: "invite_accepted",
      tileState: "side",
    });
    // Leaving the stage is the invitee's own Deny.
    expect((await post(guest.client, "decline")).json().intent).toMatchObject({
      intentType: "invite_declined",
    });
    expect(
      (await post(host, "invite", { user_id: guest.userId, tile_state: "offstage" })).json().intent,
    ).toMatchObject({
      intentType: "invite_sent",
    });
    expect((await post(host, "uninvite", { user_id: guest.userId })).json()).toEqual({ intent: null });
    const none = await post(host, "uninvite", { user_id: guest.userId });
    expect([none.statusCode, errorCode(none)]).toEqual([409, "no_invite"]);

    const [session, presence, own] = await Promise.all(
      topics.map(async (t, i) => (await topicMessages(use(), t)).slice(before[i])),
    );
    const moves = (messages: typeof session = []) =>
      messages.map((m) => [m.table_name, m.event, (m.payload as { intentType?: string }).intentType]);
    expect(moves(session)).toEqual([
      ["video_session_intents", "UPDATE", "invite_accepted"],
      ["video_session_intents", "UPDATE", "invite_declined"],
    ]);
    const offStage = [
      ["video_session_intents", "INSERT", "hand_raised"],
      ["video_session_intents", "UPDATE", "invite_sent"],
      ["video_session_intents", "UPDATE", "invite_sent"],
      ["video_session_intents", "DELETE", undefined],
    ];
    expect(moves(presence)).toEqual(offStage);
    expect(moves(own)).toEqual(offStage);
    const list = await guest.client.get(`${BASE}?video_session_id=${s.session}`);
    expect(list.json()).toEqual({ intents: [], seq: session?.at(-1)?.seq });
  });

  test("raising hands needs allow raising hands, the open stage off, a webrtc session that is open", async () => {
    const raise = () => s.people.guest.client.post(`${BASE}/raise-hand`, body());
    for (const fields of [
      "allow_raising_hands = false, open_stage = false, broadcast_type = 'webrtc'",
      "allow_raising_hands = true, open_stage = true, broadcast_type = 'webrtc'",
      "allow_raising_hands = true, open_stage = false, broadcast_type = 'rtmp'",
    ]) {
      await setSession(fields);
      const res = await raise();
      expect([res.statusCode, errorCode(res)]).toEqual([409, "hands_not_allowed"]);
    }
    await setSession("broadcast_type = 'webrtc', open_stage = false, state = 'scheduled'");
    const closed = await raise();
    expect([closed.statusCode, errorCode(closed)]).toEqual([409, "session_closed"]);
    expect(await intents()).toEqual([]);
  });

  test("update-settings keeps the host controls' rules (spec 2 §6) and changes nothing when refused", async () => {
    const settings = (fields: Record<string, unknown>) =>
      s.people.owner.client.post("/api/video-session/update-settings", body(fields));
    const flags = async () =>
      (
        await use().query<{ allow_raising_hands: boolean; open_stage: boolean }>(
          "SELECT allow_raising_hands, open_stage FROM video_sessions WHERE id = $1",
          [s.session],
        )
      )[0];
    await setSession("open_stage = true");
    const hands = await settings({ allow_raising_hands: false });
    expect([hands.statusCode, errorCode(hands)]).toEqual([409, "open_stage_on"]);
    await setSession("open_stage = false, broadcast_type = 'rtmp'");
    const rtmp = await settings({ open_stage: true });
    expect([rtmp.statusCode, errorCode(rtmp)]).toEqual([409, "not_a_stage_session"]);
    // Issue 27: an encoder's broadcast is HLS for everyone already.
    const showToAll = await settings({ show_to_all: true });
    expect([showToAll.statusCode, errorCode(showToAll)]).toEqual([409, "already_over_hls"]);
    await setSession("broadcast_type = 'webrtc', session_type = 'lobby'");
    const lobby = await settings({ allow_raising_hands: false });
    expect([lobby.statusCode, errorCode(lobby)]).toEqual([409, "not_a_stage_session"]);
    expect(await flags()).toEqual({ allow_raising_hands: true, open_stage: false });
    expect((await settings({ hide_audience: false })).statusCode).toBe(200);
    await setSession("session_type = 'regular'");
    expect((await settings({ open_stage: true })).statusCode).toBe(200);
    expect(await flags()).toEqual({ allow_raising_hands: true, open_stage: true });
  });

  test("invite conditions of spec 1 §5: RTMP, a closed session, a full stage, already on stage", async () => {
    const host = s.people.host.client;
    const invite = (userId = extra.target.userId) =>
      host.post(`${BASE}/invite`, body({ user_id: userId, tile_state: "main" }));
    await setSession("broadcast_type = 'rtmp'");
    expect(errorCode(await invite())).toBe("rtmp_broadcast");
    await setSession("broadcast_type = 'webrtc', state = 'ended'");
    expect(errorCode(await invite())).toBe("session_closed");
    await setSession("state = 'broadcasting'");
    await setIntent(extra.target.userId, "invite_accepted");
    expect(errorCode(await invite())).toBe("already_on_stage");
    await use().query("DELETE FROM video_session_intents");
    await s.g.presence(s.session, extra.target.userId, { state: "on_stage" });
    expect(errorCode(await invite())).toBe("already_on_stage");
    await use().query("DELETE FROM video_session_users WHERE user_id = $1", [extra.target.userId]);
    for (let i = 0; i < STAGE_CAPACITY_USERS; i++) {
      await setIntent((await s.person((u) => s.registered(u))).userId, "invite_sent");
    }
    const full = await invite();
    expect([full.statusCode, errorCode(full)]).toEqual([409, "stage_full"]);
    expect((await intents()).some((r) => r.user_id === extra.target.userId)).toBe(false);
  });

  test("two hosts inviting at once: one invite, the other a clear 409", async () => {
    const target = extra.target.userId;
    const both = await Promise.all(
      [s.people.host.client, s.people.owner.client].map((c) =>
        c.post(`${BASE}/invite`, body({ user_id: target, tile_state: "main" })),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.map(errorCode).filter(Boolean)).toEqual(["already_invited"]);
    expect(await intents()).toEqual([{ user_id: target, intent_type: "invite_sent", tile_state: "main" }]);
  });

  test("accepting while the invite is withdrawn: never on stage without an invite", async () => {
    const guest = s.people.guest;
    await setIntent(guest.userId, "invite_sent");
    const [accepted, withdrawn] = await Promise.all([
      guest.client.post(`${BASE}/accept`, body()),
      s.people.host.client.post(`${BASE}/uninvite`, body({ user_id: guest.userId })),
    ]);
    expect(withdrawn.statusCode).toBe(200);
    expect([200, 409]).toContain(accepted.statusCode);
    if (accepted.statusCode === 409) expect(errorCode(accepted)).toBe("no_invite");
    expect(await intents()).toEqual([]);
    // Withdrawn first: the Accept that comes after is a clear 409.
    await setIntent(guest.userId, "invite_sent");
    await s.people.host.client.post(`${BASE}/uninvite`, body({ user_id: guest.userId }));
    const late = await guest.client.post(`${BASE}/accept`, body());
    expect([late.statusCode, errorCode(late)]).toEqual([409, "no_invite"]);
    expect((await guest.client.post(JOIN, body())).statusCode).toBe(403);
  });

  test("publish rights: join-stage after Accept, refused after Uninvite; the open stage lets anyone in", async () => {
    const guest = s.people.guest;
    const join = () => guest.client.post(JOIN, body());
    expect((await join()).statusCode).toBe(403);
    await s.people.host.client.post(`${BASE}/invite`, body({ user_id: guest.userId, tile_state: "main" }));
    expect((await join()).statusCode).toBe(403);
    await guest.client.post(`${BASE}/accept`, body());
    expect((await join()).json()).toEqual({ provider: "embedded", canPublish: true });
    await s.people.host.client.post(`${BASE}/uninvite`, body({ user_id: guest.userId }));
    expect((await join()).statusCode).toBe(403);

    await setSession("open_stage = true");
    expect((await join()).json()).toEqual({ provider: "embedded", canPublish: true });
    expect((await extra.banned.client.post(JOIN, body())).statusCode).toBe(403);
    expect((await s.visitor.post(JOIN, body())).statusCode).toBe(401);
    // Spec 2 §6: the open stage is for webrtc sessions that are not lobby sessions.
    await setSession("session_type = 'lobby'");
    expect((await join()).statusCode).toBe(403);
    await setSession("session_type = 'regular', open_stage = false");
    expect((await join()).statusCode).toBe(403);
  });
});
