import { type StageAck, StageEvents, VIEWER_JOINS_PER_CONNECTION, webrtcViewerPlaces } from "@onstage/domain";
import { beforeAll, expect, test } from "vitest";
import { openStream } from "../../kernel/broadcast/streams";
import { cookiePolicy } from "../../kernel/identity/user-sessions";
import { issueRecorderCredential } from "../../kernel/recorder/credential";
import type { Database, Queryable } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import { TEST_PUBLIC_URL } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually, useListeningApp } from "../../testing/realtime";
import { errorCode, presenceStateOf, type RoomScene } from "../../testing/room-scene";
import { useStageScene } from "../../testing/stage-client";
import { membersRights, stagePresence, stageStanding } from "./service";

// Issue 11 §2 with real WebRTC: werift peers talk to the embedded SFU through the realtime socket.

const JOIN = "/api/video-session/join-stage";

/** A host's watch-only place: no person to publish, the program to (issue 27). */
const WATCHING = { status: "ok", canPublish: false, canPublishProgram: true };

const codeOf = (ack: StageAck) => (ack.status === "error" ? ack.error.code : ack.status);

describeOnEachDatabase("the stage over the embedded SFU", (use) => {
  const server = useListeningApp(use);
  const stage = useStageScene(server, use);
  const { connect, connectAs } = stage;
  let scene: RoomScene;
  beforeAll(() => {
    scene = stage.scene();
  });
  const setState = (state: string) =>
    use().query("UPDATE video_sessions SET state = $2 WHERE id = $1", [scene.session, state]);
  /** COMPOSITOR=server's recorder, speaking for the host who went live. */
  const connectRecorder = async () => {
    const stream = await withOutbox(use(), server().app.realtime.realtime, (tx, outbox) =>
      openStream(tx, outbox, scene.session, true),
    );
    const grant = { userId: scene.people.host.userId, sessionId: scene.session, streamId: stream.id };
    const secret = await issueRecorderCredential(use(), grant);
    return stage.connectWith(`${cookiePolicy(TEST_PUBLIC_URL).recorderCookie}=${secret}`);
  };

  test("join-stage: stage members get the embedded room; a guest is refused; a closed stage is 409", async () => {
    const body = { video_session_id: scene.session, event_id: scene.event };
    const host = await scene.people.host.client.post(JOIN, body);
    expect(host.statusCode).toBe(200);
    expect(host.json()).toEqual({ provider: "embedded", canPublish: true });
    expect((await scene.people.speaker.client.post(JOIN, body)).json()).toEqual({
      provider: "embedded",
      canPublish: true,
    });
    expect((await scene.people.guest.client.post(JOIN, body)).statusCode).toBe(403);
    expect((await scene.visitor.post(JOIN, body)).statusCode).toBe(401);
    await use().query("UPDATE video_sessions SET state = 'scheduled' WHERE id = $1", [scene.otherSession]);
    const closed = await scene.people.host.client.post(JOIN, {
      ...body,
      video_session_id: scene.otherSession,
    });
    expect([closed.statusCode, errorCode(closed)]).toEqual([409, "stage_closed"]);
  });

  test("a host and a speaker each receive the other's camera; a guest's publish is refused and reaches no one", async () => {
    const host = await connect("host");
    const speaker = await connect("speaker");
    expect(await host.join()).toEqual({ status: "ok", canPublish: true, canPublishProgram: true });
    expect(await speaker.join()).toEqual({ status: "ok", canPublish: true });
    expect(codeOf(await host.publish())).toBe("ok");
    expect(codeOf(await speaker.publish())).toBe("ok");
    const { host: h, speaker: s } = scene.people;
    await eventually(
      "each receives the other's camera",
      () => host.videoFrom(s.userId) > 10 && speaker.videoFrom(h.userId) > 10,
      15_000,
    );
    expect(host.seen.participants.map((p) => p.userId).sort()).toEqual([h.userId, s.userId].sort());

    const guest = await connect("guest");
    expect(codeOf(await guest.join())).toBe("forbidden");
    expect(codeOf(await guest.publish())).toBe("forbidden");
    const signedOut = await connect(null);
    expect(codeOf(await signedOut.join())).toBe("no_token");
    expect(codeOf(await signedOut.publish())).toBe("no_token");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(host.seen.participants).toHaveLength(2);
    expect(Object.keys(host.seen.participants.find((p) => p.userId === s.userId)?.mids ?? {})).toHaveLength(
      3,
    );

    // The mute state reaches the others.
    expect(
      await speaker.emit(StageEvents.state, { audioMuted: true, videoMuted: false, screen: false }),
    ).toEqual({
      status: "ok",
    });
    await eventually("the host sees the speaker muted", () =>
      host.seen.participants.some((p) => p.userId === s.userId && p.audioMuted),
    );

    // A speaker who loses the role is out of the room within about a second.
    await use().query("UPDATE events_users_roles SET video_session_ids = '{}' WHERE user_id = $1", [
      s.userId,
    ]);
    await eventually("the speaker is taken off the stage", () => speaker.seen.closed, 3_000);
    await eventually("the host sees one person on stage", () => host.seen.participants.length === 1, 3_000);
    await use().query("UPDATE events_users_roles SET video_session_ids = $2 WHERE user_id = $1", [
      s.userId,
      [scene.session],
    ]);
  }, 40_000);

  test("bad signalling is refused with a code and changes nothing; a second tab takes the place", async () => {
    const host = await connect("host");
    expect(codeOf(await host.emit(StageEvents.join, { video_session_id: "x" }))).toBe("invalid_request");
    expect(codeOf(await host.emit(StageEvents.offer, { sdp: "v=0 nonsense" }))).toBe("not_on_stage");
    expect(await host.join()).toEqual({ status: "ok", canPublish: true, canPublishProgram: true });
    expect(codeOf(await host.emit(StageEvents.offer, { sdp: "v=0 nonsense" }))).toBe("bad_offer");
    expect(codeOf(await host.emit(StageEvents.answer, { sdp: "v=0 nonsense" }))).toBe("bad_answer");
    expect(codeOf(await host.publish())).toBe("ok");

    const otherTab = await connect("host");
    expect(await otherTab.join()).toEqual({ status: "ok", canPublish: true, canPublishProgram: true });
    await eventually("the first tab is told it left the stage", () => host.seen.closed);
    await eventually("the second tab is on stage", () => otherTab.seen.participants.length === 1);
    expect(codeOf(await otherTab.emit(StageEvents.leave))).toBe("ok");
  }, 20_000);

  test("a watcher (the compositor) receives the stage without taking the host's place or a tile; its program reaches viewer places only", async () => {
    const speaker = await connect("speaker");
    const host = await connect("host");
    const compositor = await connect("host");
    expect(await speaker.join()).toEqual({ status: "ok", canPublish: true });
    expect(await host.join()).toEqual({ status: "ok", canPublish: true, canPublishProgram: true });
    expect(await compositor.emit(StageEvents.join, { watch: true })).toEqual(WATCHING);
    expect(codeOf(await speaker.publish())).toBe("ok");
    const { speaker: s, host: h } = scene.people;
    await eventually(
      "the compositor receives the speaker",
      () => compositor.videoFrom(s.userId) > 10,
      15_000,
    );

    // Issue 27 §1: the program it composes goes to viewer places (a guest, a host watching as the
    // audience does), never to the stage; a viewer publishes nothing and is no tile.
    expect(codeOf(await compositor.emit(StageEvents.offer, { sdp: "v=0" }))).toBe("forbidden");
    expect(codeOf(await speaker.emit(StageEvents.offer, { sdp: "v=0", program: true }))).toBe("forbidden");
    expect(codeOf(await compositor.publish({ program: true }))).toBe("ok");
    const guest = await connect("guest");
    const hostAsViewer = await connect("host");
    expect(codeOf(await guest.emit(StageEvents.join, { view: true }))).toBe("not_broadcasting_yet");
    await setState("broadcasting");
    expect(await guest.emit(StageEvents.join, { view: true })).toEqual({ status: "ok", canPublish: false });
    expect(await hostAsViewer.emit(StageEvents.join, { view: true })).toEqual({
      status: "ok",
      canPublish: false,
    });
    const program = -h.userId;
    await eventually(
      "both viewers receive the program",
      () => guest.videoFrom(program) > 10 && hostAsViewer.videoFrom(program) > 10,
      15_000,
    );
    expect(guest.seen.participants.map((p) => p.userId)).toEqual([program]);
    expect(codeOf(await guest.publish())).toBe("forbidden");
    expect(codeOf(await guest.emit(StageEvents.join, { view: true, watch: true }))).toBe("invalid_request");
    // The stage still sees its two people, neither the program nor a viewer; the host's stage place stays.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(host.seen.closed).toBe(false);
    expect(speaker.seen.participants.map((p) => p.userId).sort()).toEqual([h.userId, s.userId].sort());
    expect(speaker.videoFrom(program)).toBe(0);

    // Off the air, a viewer place is taken back by the rights' re-check; the stage stays.
    await setState("greenroom");
    server().app.lifecycle.emit("stageSettings", { sessionId: scene.session });
    await eventually(
      "the viewers are taken out once the broadcast stops",
      () => guest.seen.closed && hostAsViewer.seen.closed,
      5_000,
    );
    expect(host.seen.closed).toBe(false);
  }, 40_000);

  test("spec 2 §2 On Stage: a publisher who enters is on_stage in the presence list until they leave or drop; a watcher never is", async () => {
    const { host: h, speaker: s } = scene.people;
    const stateOf = (userId: number) => presenceStateOf(h.client, scene.session, userId);
    const speaker = await connect("speaker");
    const compositor = await connect("host");
    const hostBefore = await stateOf(h.userId);
    expect(await speaker.join()).toEqual({ status: "ok", canPublish: true });
    expect((await compositor.emit(StageEvents.join, { watch: true })).status).toBe("ok");
    expect(await stateOf(s.userId)).toBe("on_stage");
    expect(await stateOf(h.userId)).toBe(hostBefore);
    expect(await speaker.emit(StageEvents.leave)).toEqual({ status: "ok" });
    expect(await stateOf(s.userId)).toBe("active");
    // Back on, then the socket drops without a leave.
    expect((await speaker.join()).status).toBe("ok");
    expect(await stateOf(s.userId)).toBe("on_stage");
    await speaker.close();
    await eventually(
      "the dropped speaker is off the stage",
      async () => (await stateOf(s.userId)) === "active",
    );
    await compositor.close();
    expect(await stateOf(h.userId)).toBe(hostBefore);
  });

  test("one member's stage presence lands in the order it was told, however slow the first write", async () => {
    const { speaker: s, host: h } = scene.people;
    const stateOf = () => presenceStateOf(h.client, scene.session, s.userId);
    const db = use();
    let first = true;
    // The closed tab's leave waits for a connection; the new tab's enter, told after it, does not.
    const slowFirst: Database = Object.create(db, {
      transaction: {
        value: async <T>(work: (tx: Queryable) => Promise<T>) => {
          if (first) {
            first = false;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          return db.transaction(work);
        },
      },
    });
    const { realtime } = server().app.realtime;
    const onStage = stagePresence({
      db: slowFirst,
      realtime,
      clock: () => new Date(),
      log: server().app.server.log,
    });
    await onStage(scene.session, s.userId, true);
    first = true;
    await Promise.all([onStage(scene.session, s.userId, false), onStage(scene.session, s.userId, true)]);
    expect(await stateOf()).toBe("on_stage");
    await onStage(scene.session, s.userId, false);
  });

  test("the 1 s re-check reads every member's rights in one query, as each member's own check would", async () => {
    const { g } = scene;
    const speaker = async () =>
      (await scene.person((userId) => g.speaker(scene.event, userId, [scene.session]))).userId;
    const banned = await speaker();
    await g.ban(banned, scene.channel);
    const shadowBanned = await speaker();
    await g.ban(shadowBanned, scene.channel, { ban_type: "event", event_id: scene.event, is_shadow: true });
    const userIds = [...Object.values(scene.people).map((p) => p.userId), banned, shadowBanned];

    let queries = 0;
    const counting: Queryable = {
      query: (sql, params) => {
        queries += 1;
        return use().query(sql, params);
      },
    };
    const rights = await membersRights(counting, scene.session, userIds);
    expect(queries).toBe(1);
    for (const userId of userIds) {
      const own = await stageStanding(use(), userId, scene.session).then(
        (standing) => standing.rights,
        () => undefined,
      );
      expect(rights.get(userId)).toEqual(own);
    }
    expect(rights.get(shadowBanned)?.refusal).toBe("forbidden");
    expect(rights.get(scene.people.guest.userId)?.refusal).toBe("forbidden");
    expect(rights.has(banned)).toBe(false);
    expect(await membersRights(use(), 0, userIds)).toEqual(new Map());
  });

  test("issue 12 §2: an accepted invitee publishes; Uninvite takes them off at once; the open stage lets a guest in until it closes", async () => {
    const INTENTS = "/api/video-session/intents";
    const ids = { video_session_id: scene.session, event_id: scene.event };
    const { guest, host, otherGuest } = scene.people;
    await host.client.post(`${INTENTS}/invite`, { ...ids, user_id: guest.userId, tile_state: "main" });
    const invited = await connect("guest");
    // Invited is not yet on stage: only their Accept puts them there.
    expect(codeOf(await invited.join())).toBe("forbidden");
    expect((await guest.client.post(`${INTENTS}/accept`, ids)).statusCode).toBe(200);
    expect(await invited.join()).toEqual({ status: "ok", canPublish: true });
    expect(codeOf(await invited.publish())).toBe("ok");
    const started = Date.now();
    expect(
      (await host.client.post(`${INTENTS}/uninvite`, { ...ids, user_id: guest.userId })).statusCode,
    ).toBe(200);
    // At once: the uninvite itself removes them, not the 1 s re-check.
    await eventually("the uninvited guest is taken off the stage", () => invited.seen.closed, 900);
    expect(Date.now() - started).toBeLessThan(900);
    expect(codeOf(await invited.join())).toBe("forbidden");

    await use().query("UPDATE video_sessions SET open_stage = true WHERE id = $1", [scene.session]);
    const walkIn = await connect("otherGuest");
    expect(await walkIn.join()).toEqual({ status: "ok", canPublish: true });
    await use().query("UPDATE video_sessions SET open_stage = false WHERE id = $1", [scene.session]);
    await eventually("the open stage closing takes the guest off", () => walkIn.seen.closed, 3_000);
    expect(codeOf(await walkIn.join())).toBe("forbidden");
    expect(otherGuest.userId).not.toBe(guest.userId);
  }, 30_000);

  test("issue 23 §2.4: a shadow ban takes a walk-in off the open stage at once and nobody receives them; their return is refused as a missing right", async () => {
    const { host } = scene.people;
    const walkIn = await scene.person(scene.registered);
    await use().query("UPDATE video_sessions SET open_stage = true WHERE id = $1", [scene.session]);
    const onStage = await connectAs(walkIn.userId);
    const watcher = await connect("host");
    expect(await onStage.join()).toEqual({ status: "ok", canPublish: true });
    expect(await watcher.join()).toEqual({ status: "ok", canPublish: true, canPublishProgram: true });
    expect(codeOf(await onStage.publish())).toBe("ok");
    await eventually("the host receives the walk-in", () => watcher.videoFrom(walkIn.userId) > 10, 15_000);

    const started = Date.now();
    const ban = await host.client.post("/api/event/ban", {
      user_id: walkIn.userId,
      event_id: scene.event,
      organization_id: scene.channel,
      ban_type: "event",
      shadow: true,
    });
    expect(ban.statusCode).toBe(201);
    // At once: the ban itself re-checks the room, not the next 1 s round.
    await eventually("the shadow-banned walk-in is off the stage", () => onStage.seen.closed, 900);
    expect(Date.now() - started).toBeLessThan(900);
    await eventually("the host no longer lists them", () =>
      watcher.seen.participants.every((p) => p.userId !== walkIn.userId),
    );
    const received = watcher.videoFrom(walkIn.userId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watcher.videoFrom(walkIn.userId)).toBe(received);

    // The same answers anyone without the stage right gets: never 'banned'.
    expect(codeOf(await onStage.join())).toBe("forbidden");
    const http = await walkIn.client.post(JOIN, { video_session_id: scene.session, event_id: scene.event });
    expect([http.statusCode, errorCode(http)]).toEqual([403, "forbidden"]);
    await use().query("UPDATE video_sessions SET open_stage = false WHERE id = $1", [scene.session]);
  }, 30_000);

  test("issue 23 §2.5: a watch-only place is the host's alone, one per user: a speaker is refused, a host's second replaces the first", async () => {
    const speaker = await connect("speaker");
    expect(codeOf(await speaker.emit(StageEvents.join, { watch: true }))).toBe("forbidden");
    expect(speaker.seen.closed).toBe(false);

    // The server's recorder (its session broadcasts) keeps its own beside the host's: their tab never
    // displaces it.
    await setState("broadcasting");
    const recorder = await connectRecorder();
    expect(await recorder.emit(StageEvents.join, { watch: true })).toEqual(WATCHING);
    const first = await connect("host");
    const second = await connect("host");
    expect(await first.emit(StageEvents.join, { watch: true })).toEqual(WATCHING);
    expect(await second.emit(StageEvents.join, { watch: true })).toEqual(WATCHING);
    await eventually("the first watch-only place is given up", () => first.seen.closed);
    expect(second.seen.closed).toBe(false);
    expect(recorder.seen.closed).toBe(false);
    expect(codeOf(await first.emit(StageEvents.answer, { sdp: "v=0" }))).toBe("not_on_stage");
    expect(codeOf(await recorder.emit(StageEvents.leave))).toBe("ok");
    await setState("greenroom");
    expect(codeOf(await second.emit(StageEvents.leave))).toBe("ok");
  });

  test("issue 27 §1: a connection asks for a viewer place at a pace; a room takes webrtcViewerPlaces() viewers, the next is told to watch over HLS", async () => {
    await setState("broadcasting");
    try {
      const guest = await connect("guest");
      const joins = [];
      for (let i = 0; i < VIEWER_JOINS_PER_CONNECTION.burst + 1; i++)
        joins.push(codeOf(await guest.emit(StageEvents.join, { view: true })));
      expect(joins).toEqual([...Array(VIEWER_JOINS_PER_CONNECTION.burst).fill("ok"), "rate_limited"]);

      // The room's other viewer places, taken by people of their own (one place each).
      const others = await Promise.all(
        Array.from({ length: webrtcViewerPlaces() - 1 }, async () => {
          const userId = await scene.g.user();
          await scene.registered(userId);
          return connectAs(userId);
        }),
      );
      const acks = await Promise.all(others.map((viewer) => viewer.emit(StageEvents.join, { view: true })));
      expect(acks.map(codeOf)).toEqual(others.map(() => "ok"));
      const last = await connect("otherGuest");
      expect(codeOf(await last.emit(StageEvents.join, { view: true }))).toBe("viewer_places_full");
      // A viewer who leaves frees a place.
      expect(codeOf(await guest.emit(StageEvents.leave))).toBe("ok");
      expect(codeOf(await last.emit(StageEvents.join, { view: true }))).toBe("ok");
      await Promise.all([last, ...others].map((viewer) => viewer.emit(StageEvents.leave)));
    } finally {
      await setState("greenroom");
    }
  }, 30_000);

  test("the session ending closes the room: everyone leaves the stage", async () => {
    const host = await connect("host");
    expect(await host.join()).toEqual({ status: "ok", canPublish: true, canPublishProgram: true });
    await use().query("UPDATE video_sessions SET state = 'ended' WHERE id = $1", [scene.session]);
    server().app.lifecycle.emit("sessionState", {
      sessionId: scene.session,
      eventId: scene.event,
      from: "greenroom",
      to: "ended",
      stream: null,
    });
    await eventually("the host is told the stage closed", () => host.seen.closed);
    expect(codeOf(await host.join())).toBe("stage_closed");
  });
});
