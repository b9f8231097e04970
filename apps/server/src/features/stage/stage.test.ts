import { type StageAck, StageEvents, type StageParticipantInfo } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Queryable } from "../../platform/database";
import { signedIn } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import { errorCode, type RoomScene, roomScene } from "../../testing/room-scene";
import { StagePeer } from "../../testing/stage-peer";
import { membersRights, stageStanding } from "./service";

// Issue 11 §2 with real WebRTC: werift peers talk to the embedded SFU through the realtime socket.

const JOIN = "/api/video-session/join-stage";

/** A browser on stage: its socket, its two werift connections, and what the SFU told it. */
async function stageClient(url: string, cookie: string | undefined, sessionId: number) {
  const client = await RealtimeClient.connect(url, cookie ? { cookie } : {});
  const peer = new StagePeer();
  const seen = { participants: [] as StageParticipantInfo[], closed: false };
  const ref = { video_session_id: sessionId };
  client.socket.on(StageEvents.participants, (m: { participants: StageParticipantInfo[] }) => {
    seen.participants = m.participants;
  });
  client.socket.on(StageEvents.closed, () => {
    seen.closed = true;
  });
  client.socket.on(StageEvents.offer, async (m: { sdp: string }) => {
    client.socket.emit(StageEvents.answer, { ...ref, sdp: await peer.answer(m.sdp) });
  });
  const emit = async (event: string, payload: object = {}) =>
    (await client.emitWithAck(event, { ...ref, ...payload })) as StageAck;
  return {
    peer,
    seen,
    emit,
    join: () => emit(StageEvents.join),
    async publish(): Promise<StageAck> {
      const ack = await emit(StageEvents.offer, { sdp: await peer.publishOffer() });
      if (ack.status === "ok") {
        await peer.acceptAnswer(ack.sdp ?? "");
        peer.startVideo(300);
      }
      return ack;
    },
    videoFrom: (userId: number) =>
      peer.packetsOn(seen.participants.find((p) => p.userId === userId)?.mids.video ?? ""),
    async close() {
      client.close();
      await peer.close();
    },
  };
}
type StageClient = Awaited<ReturnType<typeof stageClient>>;
const codeOf = (ack: StageAck) => (ack.status === "error" ? ack.error.code : ack.status);

describeOnEachDatabase("the stage over the embedded SFU", (use) => {
  const server = useListeningApp(use);
  let scene: RoomScene;
  const open: StageClient[] = [];
  const connect = async (who: keyof RoomScene["people"] | null, sessionId = scene.session) => {
    const cookie = who ? (await signedIn(use(), scene.people[who].userId)).cookie : undefined;
    const client = await stageClient(server().url, cookie, sessionId);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    scene = await roomScene(server().app.server, use(), { session: { state: "greenroom" } });
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close()));
  });

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
    expect(await host.join()).toEqual({ status: "ok", canPublish: true });
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
    expect(await host.join()).toEqual({ status: "ok", canPublish: true });
    expect(codeOf(await host.emit(StageEvents.offer, { sdp: "v=0 nonsense" }))).toBe("bad_offer");
    expect(codeOf(await host.emit(StageEvents.answer, { sdp: "v=0 nonsense" }))).toBe("bad_answer");
    expect(codeOf(await host.publish())).toBe("ok");

    const otherTab = await connect("host");
    expect(await otherTab.join()).toEqual({ status: "ok", canPublish: true });
    await eventually("the first tab is told it left the stage", () => host.seen.closed);
    await eventually("the second tab is on stage", () => otherTab.seen.participants.length === 1);
    expect(codeOf(await otherTab.emit(StageEvents.leave))).toBe("ok");
  }, 20_000);

  test("a watcher (the compositor) receives the stage without taking the host's place or a tile", async () => {
    const speaker = await connect("speaker");
    const host = await connect("host");
    const compositor = await connect("host");
    expect(await speaker.join()).toEqual({ status: "ok", canPublish: true });
    expect(await host.join()).toEqual({ status: "ok", canPublish: true });
    expect(await compositor.emit(StageEvents.join, { watch: true })).toEqual({
      status: "ok",
      canPublish: false,
    });
    expect(codeOf(await speaker.publish())).toBe("ok");
    const { speaker: s, host: h } = scene.people;
    await eventually(
      "the compositor receives the speaker",
      () => compositor.videoFrom(s.userId) > 10,
      15_000,
    );
    expect(codeOf(await compositor.publish())).toBe("forbidden");
    expect(host.seen.closed).toBe(false);
    expect(speaker.seen.participants.map((p) => p.userId).sort()).toEqual([h.userId, s.userId].sort());
  }, 30_000);

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
    expect(rights.get(shadowBanned)?.refusal).toBeNull();
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

  test("the session ending closes the room: everyone leaves the stage", async () => {
    const host = await connect("host");
    expect(await host.join()).toEqual({ status: "ok", canPublish: true });
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
