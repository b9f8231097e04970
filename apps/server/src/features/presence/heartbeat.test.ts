import { type OnstageError, PRESENCE_LIVE_WINDOW_MS } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { recordingRealtime, roomScene, topicMessages } from "../../testing/room-scene";
import { presenceService } from "./service";

describeOnEachDatabase("presence heartbeats", (use) => {
  const app = useTestApp(use);
  /** What the leave beacon does when another node serves it. */
  const leaveElsewhere = (sessionId: number, userId: number, at: Date) =>
    use().query(
      "UPDATE video_session_users SET state = 'offline', updated_at = $3 WHERE video_session_id = $1 AND user_id = $2",
      [sessionId, userId, at],
    );

  /** A presence service of its own (the app's is fed by sockets), on a clock the test moves. */
  async function setup() {
    const s = await roomScene(app().server, use());
    let now = Date.now();
    const realtime = recordingRealtime();
    const presence = presenceService({
      db: use(),
      realtime,
      clock: () => new Date(now),
      log: app().server.log,
      tracker: app().tracker,
    });
    const advance = (ms: number) => {
      now += ms;
    };
    const row = async (sessionId: number, userId: number) =>
      (
        await use().query<{ state: string; last_seen: Date }>(
          "SELECT state, last_seen FROM video_session_users WHERE video_session_id = $1 AND user_id = $2",
          [sessionId, userId],
        )
      )[0];
    return { s, presence, realtime, advance, row, now: () => now };
  }

  test("a first heartbeat writes the user active at once and publishes the change", async () => {
    const { s, presence, realtime, row } = await setup();
    const guest = s.people.guest.userId;
    await presence.heartbeat(guest, s.session);
    expect((await row(s.session, guest))?.state).toBe("active");
    const messages = await topicMessages(use(), `presence:${s.session}`);
    expect(messages).toEqual([
      {
        seq: 1,
        kind: "change",
        event: "INSERT",
        table_name: "video_session_users",
        payload: expect.objectContaining({
          userId: guest,
          sessionId: s.session,
          state: "active",
          firstName: "Test",
        }),
      },
    ]);
    expect(realtime.published).toHaveLength(1);
  });

  test("later heartbeats are buffered and written in one batch, without publishing", async () => {
    const { s, presence, realtime, advance, row, now } = await setup();
    const users = [s.people.guest.userId, s.people.otherGuest.userId, s.people.host.userId];
    for (const user of users) await presence.heartbeat(user, s.session);
    const firstSeen = (await row(s.session, users[0] ?? 0))?.last_seen.getTime();
    advance(30_000);
    for (const user of users) await presence.heartbeat(user, s.session);
    expect((await row(s.session, users[0] ?? 0))?.last_seen.getTime()).toBe(firstSeen);
    await presence.flush();
    for (const user of users) expect((await row(s.session, user))?.last_seen.getTime()).toBe(now());
    expect(realtime.published).toHaveLength(3);
  });

  test("a user seen offline comes back active, published as an update", async () => {
    const { s, presence, row } = await setup();
    const guest = s.people.guest.userId;
    await s.g.presence(s.session, guest, { state: "offline", updated_at: new Date(Date.now() - 60_000) });
    await presence.heartbeat(guest, s.session);
    expect((await row(s.session, guest))?.state).toBe("active");
    const [message] = await topicMessages(use(), `presence:${s.session}`);
    expect(message).toMatchObject({ event: "UPDATE", payload: { state: "active" } });
  });

  test("joining another session of the event sets the first one offline", async () => {
    const { s, presence, row } = await setup();
    const guest = s.people.guest.userId;
    await presence.heartbeat(guest, s.session);
    await presence.heartbeat(guest, s.otherSession);
    expect((await row(s.session, guest))?.state).toBe("offline");
    expect((await row(s.otherSession, guest))?.state).toBe("active");
    const left = await topicMessages(use(), `presence:${s.session}`);
    expect(left.map((m) => [m.event, (m.payload as { state: string }).state])).toEqual([
      ["INSERT", "active"],
      ["UPDATE", "offline"],
    ]);
    expect(await topicMessages(use(), `presence:${s.otherSession}`)).toHaveLength(1);
  });

  test("a leave that overtakes a buffered heartbeat is not undone by the batch", async () => {
    const { s, presence, advance, row, now } = await setup();
    const guest = s.people.guest.userId;
    await presence.heartbeat(guest, s.session);
    advance(1_000);
    await presence.heartbeat(guest, s.session);
    await leaveElsewhere(s.session, guest, new Date(now() + 1_000));
    await presence.flush();
    expect((await row(s.session, guest))?.state).toBe("offline");
  });

  test("a heartbeat after a leave on another node revives the user through the batch", async () => {
    const { s, presence, advance, row, now } = await setup();
    const guest = s.people.guest.userId;
    await presence.heartbeat(guest, s.session);
    await leaveElsewhere(s.session, guest, new Date(now() + 1_000));
    advance(2_000);
    await presence.heartbeat(guest, s.session);
    await presence.flush();
    expect((await row(s.session, guest))?.state).toBe("active");
    const published = await topicMessages(use(), `presence:${s.session}`);
    expect(published.map((m) => [m.event, (m.payload as { state: string }).state])).toEqual([
      ["INSERT", "active"],
      ["UPDATE", "active"],
    ]);
  });

  test("a banned user's heartbeat is refused and leaves no row", async () => {
    const { s, presence, row } = await setup();
    await s.g.ban(s.people.guest.userId, s.channel, { ban_type: "event", event_id: s.event });
    await expect(presence.heartbeat(s.people.guest.userId, s.session)).rejects.toMatchObject({
      code: "banned",
    } satisfies Partial<OnstageError>);
    expect(await row(s.session, s.people.guest.userId)).toBeUndefined();
  });

  test("reconciliation sets users not seen within the live window offline, published", async () => {
    const { s, presence, row } = await setup();
    const stale = new Date(Date.now() - PRESENCE_LIVE_WINDOW_MS - 10_000);
    await s.g.presence(s.session, s.people.guest.userId, { state: "active", last_seen: stale });
    await s.g.presence(s.session, s.people.speaker.userId, { state: "on_stage", last_seen: stale });
    await s.g.presence(s.session, s.people.otherGuest.userId, { state: "active", last_seen: new Date() });
    expect(await presence.reconcile()).toBeGreaterThanOrEqual(2);
    expect((await row(s.session, s.people.guest.userId))?.state).toBe("offline");
    expect((await row(s.session, s.people.speaker.userId))?.state).toBe("offline");
    expect((await row(s.session, s.people.otherGuest.userId))?.state).toBe("active");
    const published = await topicMessages(use(), `presence:${s.session}`);
    expect(published.map((m) => (m.payload as { userId: number }).userId).sort()).toEqual(
      [s.people.guest.userId, s.people.speaker.userId].sort(),
    );
  });

  test("issue 29 §2: an idle viewer is told idle at once and counted; activity brings them back; offline clears it", async () => {
    const { s, presence, advance } = await setup();
    const guest = s.people.guest.userId;
    const idleOf = async () =>
      (await topicMessages(use(), `presence:${s.session}`)).map((m) => (m.payload as { idle: boolean }).idle);
    const counts = async () => {
      const live = await presence.liveUsers(s.people.host.userId, s.session);
      return {
        live: live.liveCount,
        idle: live.idleCount,
        listed: live.users.find((u) => u.userId === guest)?.idle,
      };
    };
    await presence.heartbeat(guest, s.session, null, false);
    advance(1_000);
    // 20 minutes without activity in the tab: its next heartbeat says idle.
    await presence.heartbeat(guest, s.session, null, true);
    expect(await idleOf()).toEqual([false, true]);
    expect(await counts()).toEqual({ live: 1, idle: 1, listed: true });
    // Idle again is a plain heartbeat: nobody is told.
    advance(30_000);
    await presence.heartbeat(guest, s.session, null, true);
    await presence.flush();
    expect(await idleOf()).toEqual([false, true]);
    advance(1_000);
    await presence.heartbeat(guest, s.session, null, false);
    expect(await idleOf()).toEqual([false, true, false]);
    expect(await counts()).toEqual({ live: 1, idle: 0, listed: false });
    // Idle, then gone past the live window: reconciliation sets them offline and no longer idle.
    await presence.heartbeat(guest, s.session, null, true);
    advance(PRESENCE_LIVE_WINDOW_MS + 1_000);
    await presence.reconcile();
    const [row] = await use().query<{ state: string; idle_since: Date | null }>(
      "SELECT state, idle_since FROM video_session_users WHERE video_session_id = $1 AND user_id = $2",
      [s.session, guest],
    );
    expect(row).toEqual({ state: "offline", idle_since: null });
  });

  test("issue 28 §2: heartbeats in a broadcast make attendance spans; 'attended' once; none after the cutoff; not the team", async () => {
    const { s, presence, advance, now } = await setup();
    const guest = s.people.guest.userId;
    const spans = async (sessionId: number) =>
      use().query<{ started_at: Date; last_seen_at: Date }>(
        "SELECT started_at, last_seen_at FROM attendance_spans WHERE video_session_id = $1 AND user_id = $2 ORDER BY id",
        [sessionId, guest],
      );
    await presence.heartbeat(guest, s.session);
    const start = now();
    advance(30_000);
    await presence.heartbeat(guest, s.session);
    await presence.flush();
    expect(await spans(s.session)).toEqual([{ started_at: new Date(start), last_seen_at: new Date(now()) }]);
    // Away longer than the live window: a return opens a second span.
    advance(PRESENCE_LIVE_WINDOW_MS + 1_000);
    await presence.heartbeat(guest, s.session);
    await presence.flush();
    expect(await spans(s.session)).toHaveLength(2);
    const attended = await use().query(
      "SELECT user_id, video_session_id FROM analytics_events WHERE name = 'attended' AND user_id = $1",
      [guest],
    );
    expect(attended).toEqual([{ user_id: guest, video_session_id: s.session }]);
    // The team runs the session and is no attendee: hosts, moderators, its speakers, channel members.
    const { host, moderator, speaker, member, owner } = s.people;
    for (const person of [host, moderator, speaker, member, owner])
      await presence.heartbeat(person.userId, s.session);
    await presence.flush();
    const attendees = await use().query<{ user_id: number }>(
      "SELECT DISTINCT user_id FROM attendance_spans WHERE video_session_id = $1",
      [s.session],
    );
    expect(attendees).toEqual([{ user_id: guest }]);
    // A session ended 21 minutes before counts no one; one ended 10 minutes before does.
    const ended = (minutesAgo: number) =>
      use().query(
        "UPDATE video_sessions SET state = 'ended', time_broadcast_start = $2, time_broadcast_end = $3 WHERE id = $1",
        [s.otherSession, new Date(now() - 3_600_000), new Date(now() - minutesAgo * 60_000)],
      );
    await ended(21);
    await presence.heartbeat(guest, s.otherSession);
    expect(await spans(s.otherSession)).toEqual([]);
    await ended(10);
    advance(PRESENCE_LIVE_WINDOW_MS + 1_000);
    await presence.heartbeat(guest, s.otherSession);
    await presence.flush();
    expect(await spans(s.otherSession)).toHaveLength(1);
  });
});
