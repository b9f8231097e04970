import { EventAnalytics, type PlaybackEvent, SessionAnalytics } from "@onstage/domain";
import { expect, test } from "vitest";
import { TEST_PUBLIC_URL, useTestApp } from "../../../testing/app";
import { TestClient } from "../../../testing/client";
import { describeOnEachDatabase } from "../../../testing/databases";
import { type RoomScene, roleMatrixClients, roomScene } from "../../../testing/room-scene";

// Issue 28 §1, §2: what the team sees of an event's audience: sources, attendance, engagement,
// playback quality, and the CSV behind each chart.

const T0 = Date.parse("2026-11-29T10:00:00Z");
const at = (minutes: number, seconds = 0) => new Date(T0 + minutes * 60_000 + seconds * 1_000);

describeOnEachDatabase("dashboard analytics", (use) => {
  // Beacons are stamped with the server's clock: the broadcast's own minutes.
  let now = at(5);
  const app = useTestApp(use, { clock: () => now });
  const sessionUrl = (s: RoomScene) => `/api/dash/sessions/${s.session}/analytics`;
  const eventUrl = (s: RoomScene) => `/api/dash/events/${s.event}/analytics`;

  /** A session broadcast from 10:00 to 10:30 with two attendees, activity, and an HLS and a WebRTC view. */
  async function broadcastScene() {
    const s = await roomScene(app().server, use());
    const db = use();
    await db.query(
      "UPDATE video_sessions SET state = 'ended', time_broadcast_start = $2, time_broadcast_end = $3 WHERE id = $1",
      [s.session, at(0), at(30)],
    );
    const { guest, otherGuest, host } = s.people;
    // The guest stays 10:02 to 10:20 and comes back 10:25 to 10:28; the other guest 10:10 to 10:12.
    for (const [userId, from, to] of [
      [guest.userId, at(2), at(20)],
      [guest.userId, at(25), at(28)],
      [otherGuest.userId, at(10), at(12)],
    ] as const) {
      await db.query(
        "INSERT INTO attendance_spans (video_session_id, user_id, started_at, last_seen_at) VALUES ($1, $2, $3, $4)",
        [s.session, userId, from, to],
      );
    }
    // At 10:05: two chat messages, a reaction, a question and its upvote, a poll answer, a CTA click, a donation.
    const when = at(5, 30);
    const message = await s.g.chatMessage(s.publicChat, guest.userId, { created_at: when });
    await s.g.chatMessage(s.publicChat, otherGuest.userId, { created_at: when });
    await s.g.chatMessage(s.backstageChat, host.userId, { created_at: when });
    await db.query(
      "INSERT INTO chat_reactions (chat_message_id, user_id, reaction, chat_id, created_at) VALUES ($1, $2, '👏', $3, $4)",
      [message, otherGuest.userId, s.publicChat, when],
    );
    const [question] = await db.query<{ id: number }>(
      `INSERT INTO questions (video_session_id, user_id, content, "timestamp") VALUES ($1, $2, 'Why?', $3) RETURNING id`,
      [s.session, guest.userId, when],
    );
    await db.query("INSERT INTO question_upvotes (question_id, user_id, created_at) VALUES ($1, $2, $3)", [
      question?.id,
      otherGuest.userId,
      at(7),
    ]);
    const [poll] = await db.query<{ id: number }>(
      "INSERT INTO polls (event_id, session_id, question) VALUES ($1, $2, 'Which?') RETURNING id",
      [s.event, s.session],
    );
    const [option] = await db.query<{ id: number }>(
      "INSERT INTO polls_options (poll_id, option) VALUES ($1, 'This') RETURNING id",
      [poll?.id],
    );
    await db.query(
      "INSERT INTO poll_answers (poll_id, user_id, option_id, created_at) VALUES ($1, $2, $3, $4)",
      [poll?.id, guest.userId, option?.id, when],
    );
    const [offer] = await db.query<{ id: number }>(
      "INSERT INTO custom_elements (video_session_id, type, title) VALUES ($1, 'offer', 'Buy') RETURNING id",
      [s.session],
    );
    await db.query("INSERT INTO offer_clicks (custom_element_id, user_id, created_at) VALUES ($1, $2, $3)", [
      offer?.id,
      guest.userId,
      when,
    ]);
    await db.query(
      `INSERT INTO transactions (kind, provider, user_id, event_id, video_session_id, amount_cents, currency,
                                 client_reference_id, status, created_at)
       VALUES ('donation', 'test', $1, $2, $3, 500, 'USD', $5, 'paid', $4)`,
      [guest.userId, s.event, s.session, when, `donation-${s.session}`],
    );
    // Playback: the guest's HLS view with a rebuffer, the other guest's WebRTC view.
    const beacon = (client: TestClient, viewId: string, delivery: string, events: PlaybackEvent[]) =>
      client.request("POST", "/api/playback/beacons", {
        payload: JSON.stringify({
          viewerId: `viewer-${viewId}`,
          viewSessionId: `visit-${viewId}`,
          viewId: `${viewId}-${s.session}`,
          sessionId: s.session,
          delivery,
          events,
        }),
        headers: { "content-type": "text/plain", origin: TEST_PUBLIC_URL },
        csrf: false,
      });
    const heartbeat = (height: number): PlaybackEvent => ({
      type: "heartbeat",
      watchedMs: 9_000,
      droppedFrames: 0,
      rendition: { width: (height * 16) / 9, height },
      upscale: 1,
    });
    now = at(3);
    await beacon(guest.client, "hls-view", "hls", [
      { type: "viewstart" },
      { type: "playing", startupMs: 1_000 },
    ]);
    now = at(6);
    await beacon(guest.client, "hls-view", "hls", [{ type: "rebuffer", durationMs: 1_000 }, heartbeat(720)]);
    now = at(10);
    await beacon(otherGuest.client, "rtc-view", "webrtc", [
      { type: "viewstart" },
      { type: "playing", startupMs: 300 },
      heartbeat(360),
    ]);
    await app().flush();
    return s;
  }

  test("only the event's team reads its analytics and CSVs", async () => {
    const s = await roomScene(app().server, use());
    const clients = await roleMatrixClients(s, "guest");
    const urls = [
      eventUrl(s),
      `${eventUrl(s)}/sources.csv`,
      sessionUrl(s),
      `${sessionUrl(s)}/attendance.csv`,
      `${sessionUrl(s)}/engagement.csv`,
      `${sessionUrl(s)}/quality.csv`,
    ];
    const expected: Record<string, number> = {
      visitor: 401,
      owner: 200,
      member: 200,
      channelAdmin: 200,
      eventAdmin: 200,
      host: 200,
    };
    for (const [who, client] of Object.entries(clients)) {
      for (const url of urls) {
        const status = (await client.get(url)).statusCode;
        expect({ who, url, status }).toEqual({ who, url, status: expected[who] ?? 403 });
      }
    }
    const owner = s.people.owner.client;
    expect((await owner.get("/api/dash/sessions/987654321/analytics")).statusCode).toBe(404);
    expect((await owner.get(`${sessionUrl(s)}/passwords.csv`)).statusCode).toBe(400);
  });

  test("attendance: who was live, when and how long; live viewers per minute", async () => {
    const s = await broadcastScene();
    const body = SessionAnalytics.parse((await s.people.member.client.get(sessionUrl(s))).json());
    expect(body.attendance.attendees).toEqual([
      expect.objectContaining({
        userId: s.people.guest.userId,
        firstSeen: at(2).toISOString(),
        lastSeen: at(28).toISOString(),
        // 18 + 3 minutes, and each visit's last heartbeat stands for 30 s.
        minutes: 22,
        visits: 2,
      }),
      expect.objectContaining({ userId: s.people.otherGuest.userId, minutes: 2.5, visits: 1 }),
    ]);
    const perMinute = Object.fromEntries(body.attendance.perMinute.map((m) => [m.minute, m.viewers]));
    expect(body.attendance.perMinute).toHaveLength(31);
    expect([
      perMinute[at(0).toISOString()],
      perMinute[at(11).toISOString()],
      perMinute[at(22).toISOString()],
    ]).toEqual([0, 2, 0]);
    const csv = (await s.people.owner.client.get(`${sessionUrl(s)}/attendance.csv`)).body;
    expect(csv.split("\n")[0]).toBe("Name,Email,First seen,Last seen,Minutes live,Visits");
  });

  test("engagement per minute, the public room only", async () => {
    const s = await broadcastScene();
    const body = SessionAnalytics.parse((await s.people.owner.client.get(sessionUrl(s))).json());
    expect(body.engagement.totals).toEqual({
      chat: 2,
      questions: 1,
      upvotes: 1,
      pollAnswers: 1,
      reactions: 1,
      ctaClicks: 1,
      donations: 1,
    });
    const minute5 = body.engagement.perMinute.find((m) => m.minute === at(5).toISOString());
    expect(minute5).toMatchObject({ chat: 2, questions: 1, upvotes: 0, donations: 1 });
    const csv = (await s.people.owner.client.get(`${sessionUrl(s)}/engagement.csv`)).body.split("\n");
    expect(csv[0]).toBe("Minute,Chat messages,Questions,Upvotes,Poll answers,Reactions,CTA clicks,Donations");
    expect(csv).toContain(`${at(7).toISOString()},0,0,1,0,0,0,0`);
  });

  test("playback quality: views by delivery and rendition, startup, rebuffering, concurrency", async () => {
    const s = await broadcastScene();
    const { quality } = SessionAnalytics.parse((await s.people.owner.client.get(sessionUrl(s))).json());
    expect(quality).toMatchObject({
      views: 2,
      uniqueViewers: 2,
      startupP50Ms: 650,
      rebufferPercent: 5.3,
      failurePercent: 0,
      exitsBeforeStart: 0,
    });
    expect(quality.byDelivery).toEqual([
      { key: "hls", views: 1, watchMs: 9_000, rebufferPercent: 10 },
      { key: "webrtc", views: 1, watchMs: 9_000, rebufferPercent: 0 },
    ]);
    expect(quality.byRendition.map((r) => r.key).sort()).toEqual(["1280x720", "640x360"]);
    const concurrent = (minute: number) =>
      quality.concurrent.find((m) => m.minute === at(minute).toISOString());
    expect([concurrent(4), concurrent(10)]).toEqual([
      { minute: at(4).toISOString(), hls: 1, webrtc: 0 },
      { minute: at(10).toISOString(), hls: 0, webrtc: 1 },
    ]);
    expect(quality.recentViews.map((v) => [v.delivery, v.viewerName, v.rebufferCount])).toEqual([
      ["webrtc", "Test User", 0],
      ["hls", "Test User", 1],
    ]);
    const csv = (await s.people.owner.client.get(`${sessionUrl(s)}/quality.csv`)).body.split("\n");
    expect(csv).toHaveLength(4);
  });

  test("registrations and page views by source: utm link, clip, direct", async () => {
    const s = await roomScene(app().server, use());
    const pageView = (client: TestClient, body: Record<string, unknown>) =>
      client.request("POST", `/api/events/${s.event}/page-views`, { body });
    const visitor = new TestClient(app().server, "198.51.100.20");
    const [clip] = await use().query<{ id: number }>(
      `INSERT INTO clips (event_id, video_session_id, user_id, title, start_time, end_time, slug)
       VALUES ($1, $2, $3, '=Best bit', 0, 30, 'best-bit') RETURNING id`,
      [s.event, s.session, s.people.host.userId],
    );
    expect((await pageView(visitor, { utm_source: "newsletter", utm_medium: "email" })).statusCode).toBe(204);
    expect((await pageView(visitor, { utm_source: "newsletter", utm_medium: "email" })).statusCode).toBe(204);
    expect((await pageView(visitor, { clip_id: clip?.id })).statusCode).toBe(204);
    expect((await pageView(visitor, {})).statusCode).toBe(204);
    expect((await pageView(visitor, { utm_source: "x".repeat(201) })).statusCode).toBe(400);
    expect((await visitor.request("POST", "/api/events/987654321/page-views", { body: {} })).statusCode).toBe(
      404,
    );
    const user = await s.g.user();
    await s.g.registration(s.event, user, { utm_source: "newsletter", utm_medium: "email" });
    await s.g.registration(s.event, await s.g.user(), { clip_id: clip?.id });
    const body = EventAnalytics.parse((await s.people.owner.client.get(eventUrl(s))).json());
    expect(body.pageViews).toBe(4);
    expect(body.bySource).toEqual([
      // The scene's three registered guests came straight to the page.
      { kind: "direct", source: null, medium: null, campaign: null, pageViews: 1, registrations: 3 },
      { kind: "utm", source: "newsletter", medium: "email", campaign: null, pageViews: 2, registrations: 1 },
      { kind: "clip", source: "=Best bit", medium: null, campaign: null, pageViews: 1, registrations: 1 },
    ]);
    const csv = (await s.people.owner.client.get(`${eventUrl(s)}/sources.csv`)).body;
    // A clip's title is text a person typed: made safe for spreadsheets.
    expect(csv).toContain("Clip,'=Best bit,,,1,1");
  });
});
