import type { TopicMessage } from "@onstage/domain";
import { afterEach, expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually, RealtimeClient, settle, useListeningApp } from "../../testing/realtime";
import { type RoomScene, roomScene } from "../../testing/room-scene";

// Spec 2 §2 hidden audience: a guest learns about the team and the stage, and about their own intent,
// never about another guest (hands raised, invites, presence, the people lists).

const BASE = "/api/video-session/intents";

describeOnEachDatabase("a hidden audience, seen by real clients", (use) => {
  const server = useListeningApp(use);
  const open: RealtimeClient[] = [];
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });

  async function connect(person: { cookie: string }, topics: string[]) {
    const client = await RealtimeClient.connect(server().url, { cookie: person.cookie, reconnection: false });
    open.push(client);
    const acks = await Promise.all(topics.map((topic) => client.subscribe(topic)));
    return { client, statuses: acks.map((ack) => ack.status) };
  }

  const intentsSeen = (client: RealtimeClient) =>
    client.received
      .filter((m: TopicMessage) => m.kind === "change" && m.table === "video_session_intents")
      .map((m) => [m.topic, m.event, (m.payload as { userId: number; intentType?: string }).intentType]);

  const hiddenScene = () =>
    roomScene(server().app.server, use(), {
      session: { allow_raising_hands: true, hide_audience: true, broadcast_type: "webrtc" },
    });

  test("another guest's hand and invite reach the team and that guest only; their stage reaches all", async () => {
    const s: RoomScene = await hiddenScene();
    const { guest, otherGuest, host } = s.people;
    const move = (client: typeof host.client, path: string, fields: Record<string, unknown> = {}) =>
      client.post(`${BASE}/${path}`, { video_session_id: s.session, event_id: s.event, ...fields });
    const watcher = await connect(guest, [s.topics.session, s.topics.presence, `user:${guest.userId}`]);
    // The presence topic is the people tab's: refused to a guest while the audience is hidden.
    expect(watcher.statuses).toEqual(["SUBSCRIBED", "CHANNEL_ERROR", "SUBSCRIBED"]);
    const raiser = await connect(otherGuest, [s.topics.session, `user:${otherGuest.userId}`]);
    const team = await connect(host, [s.topics.session, s.topics.presence]);

    expect((await move(otherGuest.client, "raise-hand")).statusCode).toBe(200);
    expect(
      (await move(host.client, "answer-hand", { user_id: otherGuest.userId, answer: "main" })).statusCode,
    ).toBe(200);
    const own = `user:${otherGuest.userId}`;
    await eventually("the raiser's own invite", () => intentsSeen(raiser.client).length === 2);
    expect(intentsSeen(raiser.client)).toEqual([
      [own, "INSERT", "hand_raised"],
      [own, "UPDATE", "invite_sent"],
    ]);
    await eventually("the team's copy", () => intentsSeen(team.client).length === 2);
    expect(intentsSeen(team.client).map(([topic]) => topic)).toEqual([s.topics.presence, s.topics.presence]);
    const listed = async (client: typeof host.client) =>
      (
        (await client.get(`${BASE}?video_session_id=${s.session}`)).json() as {
          intents: { userId: number }[];
        }
      ).intents.length;
    expect(await listed(guest.client)).toBe(0);
    expect(await listed(host.client)).toBe(1);

    expect((await move(otherGuest.client, "accept")).statusCode).toBe(200);
    await eventually("the stage's move", () => intentsSeen(watcher.client).length === 1);
    expect(intentsSeen(watcher.client)).toEqual([[s.topics.session, "UPDATE", "invite_accepted"]]);
    expect(await listed(guest.client)).toBe(1);
    await settle();
    expect(intentsSeen(watcher.client)).toHaveLength(1);
  });

  test("hiding the audience takes presence from the guests holding it, not from the team", async () => {
    const s = await roomScene(server().app.server, use(), {
      session: { allow_raising_hands: true, broadcast_type: "webrtc" },
    });
    const { guest, otherGuest, moderator, host } = s.people;
    const watcher = await connect(guest, [s.topics.presence]);
    const team = await connect(moderator, [s.topics.presence]);
    expect([watcher.statuses, team.statuses]).toEqual([["SUBSCRIBED"], ["SUBSCRIBED"]]);
    const hide = await host.client.post("/api/video-session/update-settings", {
      video_session_id: s.session,
      event_id: s.event,
      hide_audience: true,
    });
    expect(hide.statusCode).toBe(200);
    await eventually("the guest's notice", () => watcher.client.unsubscribed.length === 1);
    expect(watcher.client.unsubscribed).toMatchObject([{ topic: s.topics.presence, reason: "forbidden" }]);
    expect(team.client.unsubscribed).toEqual([]);

    const raise = { video_session_id: s.session, event_id: s.event };
    expect((await otherGuest.client.post(`${BASE}/raise-hand`, raise)).statusCode).toBe(200);
    await eventually("the team's copy", () => intentsSeen(team.client).length === 1);
    await settle();
    expect(intentsSeen(watcher.client)).toEqual([]);
  });

  test.each([
    {
      case: "the live audience",
      path: (s: RoomScene) => `/api/video-session/live-users?video_session_id=${s.session}`,
    },
    {
      case: "the registered list",
      path: (s: RoomScene) => `/api/event/registered-users?video_session_id=${s.session}&event_id=${s.event}`,
    },
  ])("$case: 403 to a guest, listed to the team", async ({ path }) => {
    const s = await hiddenScene();
    expect((await s.people.guest.client.get(path(s))).statusCode).toBe(403);
    expect((await s.people.moderator.client.get(path(s))).statusCode).toBe(200);
  });
});
