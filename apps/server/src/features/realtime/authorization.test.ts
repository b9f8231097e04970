import { OnstageError, RealtimeEvents, type SubscribeAck } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signedIn } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { RealtimeClient, useListeningApp } from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";

type Person = SessionScene["people"]["guest"];
/** The scene's people and three this table needs besides. */
type People = SessionScene["people"] & Record<"unassignedSpeaker" | "banned" | "shadowBanned", Person>;
type Who = keyof People | "visitor";
type Outcome = "SUBSCRIBED" | "no_token" | "forbidden" | "banned" | "not_found";

const outcome = (ack: SubscribeAck): string => (ack.status === "CHANNEL_ERROR" ? ack.error.code : ack.status);

const OK = "SUBSCRIBED" as const;
// Columns: event, session, public chat, backstage chat, session presence.
const TABLE: Array<{ who: Who; want: [Outcome, Outcome, Outcome, Outcome, Outcome] }> = [
  { who: "visitor", want: ["no_token", "no_token", "no_token", "no_token", "no_token"] },
  { who: "guest", want: [OK, OK, OK, "forbidden", OK] },
  { who: "outsider", want: ["forbidden", "forbidden", "forbidden", "forbidden", "forbidden"] },
  { who: "speaker", want: [OK, OK, OK, OK, OK] },
  // Spec 2 §6: a speaker not assigned to this session counts as a guest here.
  { who: "unassignedSpeaker", want: [OK, OK, OK, "forbidden", OK] },
  { who: "moderator", want: [OK, OK, OK, OK, OK] },
  { who: "host", want: [OK, OK, OK, OK, OK] },
  { who: "member", want: [OK, OK, OK, OK, OK] },
  { who: "banned", want: ["banned", "banned", "banned", "banned", "banned"] },
  // A shadow-banned user must not notice: they read what a guest reads.
  { who: "shadowBanned", want: [OK, OK, OK, "forbidden", OK] },
];

describeOnEachDatabase("realtime: who may subscribe to what", (use) => {
  const server = useListeningApp(use);
  let scene: SessionScene;
  let people: People;
  const clients = new Map<Who, RealtimeClient>();
  const presenceCalls: Array<[number, number]> = [];

  beforeAll(async () => {
    scene = await sessionScene(use());
    const { g, channel, event, otherSession } = scene;
    const bannedGuest = (is_shadow: boolean) => async (userId: number) => {
      await scene.registered(userId);
      await g.ban(userId, channel, { ban_type: "event", event_id: event, is_shadow });
    };
    people = {
      ...scene.people,
      unassignedSpeaker: await scene.person((u) => g.speaker(event, u, [otherSession])),
      banned: await scene.person(bannedGuest(false)),
      shadowBanned: await scene.person(bannedGuest(true)),
    };
    const { url, app } = server();
    app.realtime.setPresenceHandler(async (userId, sessionId) => {
      presenceCalls.push([userId, sessionId]);
    });
    clients.set("visitor", await RealtimeClient.connect(url));
    for (const [who, person] of Object.entries(people)) {
      clients.set(who as Who, await RealtimeClient.connect(url, { cookie: person.cookie }));
    }
  });
  afterAll(() => {
    for (const client of clients.values()) client.close();
  });
  const client = (who: Who) => clients.get(who) ?? (null as never);

  test.each(TABLE)(
    "$who: event, session, public chat, backstage chat, presence → $want",
    async ({ who, want }) => {
      const { topics } = scene;
      const names = [topics.event, topics.session, topics.publicChat, topics.backstageChat, topics.presence];
      const got: string[] = [];
      for (const name of names) got.push(outcome(await client(who).subscribe(name)));
      expect(got).toEqual(want);
    },
  );

  // Spec 2 §6: every reader follows the audience's polls; only poll managers the team's.
  test.each<{ who: Who; want: [Outcome, Outcome] }>([
    { who: "visitor", want: ["no_token", "no_token"] },
    { who: "guest", want: [OK, "forbidden"] },
    { who: "speaker", want: [OK, "forbidden"] },
    { who: "unassignedSpeaker", want: [OK, "forbidden"] },
    { who: "moderator", want: [OK, OK] },
    { who: "host", want: [OK, OK] },
    { who: "member", want: [OK, OK] },
    { who: "owner", want: [OK, OK] },
    { who: "banned", want: ["banned", "banned"] },
    { who: "shadowBanned", want: [OK, "forbidden"] },
  ])("$who: polls, polls-team → $want", async ({ who, want }) => {
    const got: string[] = [];
    for (const name of [`polls:${scene.session}`, `polls-team:${scene.session}`]) {
      got.push(outcome(await client(who).subscribe(name)));
    }
    expect(got).toEqual(want);
  });

  test("a user topic is its owner's only; a visitor has none", async () => {
    const guest = scene.people.guest;
    const host = scene.people.host;
    expect(outcome(await client("guest").subscribe(`user:${guest.userId}`))).toBe(OK);
    expect(outcome(await client("guest").subscribe(`user:${host.userId}`))).toBe("forbidden");
    expect(outcome(await client("host").subscribe(`user:${guest.userId}`))).toBe("forbidden");
    expect(outcome(await client("visitor").subscribe(`user:${guest.userId}`))).toBe("no_token");
  });

  test("the refusal carries the spec's words", async () => {
    const ack = await client("visitor").subscribe(scene.topics.publicChat);
    expect(ack).toEqual({
      status: "CHANNEL_ERROR",
      topic: scene.topics.publicChat,
      error: { code: "no_token", message: "No authentication token available for realtime connection." },
    });
  });

  test("what the database says about the place decides too", async () => {
    const db = use();
    const g = given(db);
    // Hidden audience: guests lose the presence list, the team keeps it (spec 2 §2).
    const hidden = await g.session(scene.event, { hide_audience: true });
    expect(outcome(await client("guest").subscribe(`presence:${hidden}`))).toBe("forbidden");
    expect(outcome(await client("moderator").subscribe(`presence:${hidden}`))).toBe(OK);
    // Backstage chat is not shown in the lobby, even to the host.
    const lobby = await g.session(scene.event, { session_type: "lobby" });
    const [lobbyChat] = await db.query<{ id: number }>(
      "INSERT INTO chats (video_session_id, chat_type) VALUES ($1, 'backstage') RETURNING id",
      [lobby],
    );
    expect(outcome(await client("host").subscribe(`chat:${lobbyChat?.id}`))).toBe("forbidden");
    // An open event lets visitors read, but not backstage.
    const open = await g.event(scene.channel, { access: "open" });
    const openSession = await g.session(open);
    expect(outcome(await client("visitor").subscribe(`session:${openSession}`))).toBe(OK);
    // Deleted: nothing, for anyone; unknown ids alike.
    const deleted = await g.event(scene.channel, { deleted_at: new Date() });
    expect(outcome(await client("host").subscribe(`event:${deleted}`))).toBe("not_found");
    expect(outcome(await client("host").subscribe("chat:999999999"))).toBe("not_found");
    // A registration is per event: one elsewhere opens nothing here.
    const other = await g.event(scene.channel);
    await g.registration(other, scene.people.outsider.userId);
    expect(outcome(await client("outsider").subscribe(`event:${other}`))).toBe(OK);
    expect(outcome(await client("outsider").subscribe(scene.topics.event))).toBe("forbidden");
  });

  test.each(["room:1", "chat:0", "chat:-1", "chat:undefined", "chat:null", "chat:1 ", ""])(
    "topic name %j is refused as invalid_topic",
    async (name) => {
      expect(outcome(await client("host").subscribe(name))).toBe("invalid_topic");
    },
  );

  test("forged identity: nothing in a message changes who you are", async () => {
    const guest = scene.people.guest;
    const host = scene.people.host;
    // Extra fields are refused outright (strict schemas), so no `userId` is ever read.
    expect(
      outcome(await client("guest").subscribe(`user:${host.userId}`, undefined, { userId: host.userId })),
    ).toBe("invalid_request");
    expect(
      outcome(await client("guest").subscribe(scene.topics.backstageChat, undefined, { role: "host" })),
    ).toBe("invalid_request");
    // A presence heartbeat is the connection's user's, whatever it says.
    expect(
      await client("guest").emitWithAck(RealtimeEvents.presence, {
        sessionId: scene.session,
        userId: host.userId,
      }),
    ).toMatchObject({ status: "error", error: { code: "invalid_request" } });
    presenceCalls.length = 0;
    expect(await client("guest").emitWithAck(RealtimeEvents.presence, { sessionId: scene.session })).toEqual({
      status: "ok",
    });
    expect(presenceCalls).toEqual([[guest.userId, scene.session]]);
    // An unknown or forged session cookie is a visitor.
    const forged = await RealtimeClient.connect(server().url, { cookie: "onstage_session=forged" });
    expect(outcome(await forged.subscribe(`user:${guest.userId}`))).toBe("no_token");
    forged.close();
  });

  test("presence: visitors have none; the presence service's refusal is the ack's error", async () => {
    // Who may be present is the presence service's rule (features/presence heartbeat tests).
    const { app } = server();
    app.realtime.setPresenceHandler(async (userId) => {
      if (userId === people.banned.userId) throw new OnstageError("forbidden", "banned");
    });
    const presence = (who: Who) =>
      client(who).emitWithAck(RealtimeEvents.presence, { sessionId: scene.session });
    expect(await presence("visitor")).toMatchObject({ status: "error", error: { code: "no_token" } });
    expect(await presence("banned")).toMatchObject({
      status: "error",
      error: { code: "banned", message: "You have been removed from this event" },
    });
    expect(await presence("moderator")).toEqual({ status: "ok" });
  });

  test("a signed-in user's cookie is read at the handshake", async () => {
    const db = use();
    const someone = await given(db).user();
    const { cookie } = await signedIn(db, someone);
    const own = await RealtimeClient.connect(server().url, { cookie });
    expect(outcome(await own.subscribe(`user:${someone}`))).toBe(OK);
    own.close();
  });
});
