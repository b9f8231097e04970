import { type StageAck, StageEvents, type StageParticipantInfo } from "@onstage/domain";
import { afterAll, beforeAll } from "vitest";
import type { App } from "../app";
import type { Database } from "../platform/database";
import { signedIn } from "./app";
import { RealtimeClient } from "./realtime";
import { type RoomScene, roomScene, type Who } from "./room-scene";
import { StagePeer } from "./stage-peer";

// A browser on the embedded SFU's stage for server tests: its realtime socket and its werift peers.

/** A browser on stage: its socket, its two werift connections, and what the SFU told it. */
export async function stageClient(url: string, cookie: string | undefined, sessionId: number) {
  const client = await RealtimeClient.connect(url, cookie ? { cookie } : {});
  const peer = new StagePeer();
  const seen = {
    participants: [] as StageParticipantInfo[],
    closed: false,
    restarted: false,
    /** Offers of the SFU this peer could not answer. */
    unanswered: [] as string[],
  };
  const ref = { video_session_id: sessionId };
  client.socket.on(StageEvents.participants, (m: { participants: StageParticipantInfo[] }) => {
    seen.participants = m.participants;
  });
  client.socket.on(StageEvents.closed, () => {
    seen.closed = true;
  });
  client.socket.on(StageEvents.restarted, () => {
    seen.restarted = true;
  });
  client.socket.on(StageEvents.offer, (m: { sdp: string }) => {
    peer.answer(m.sdp).then(
      (sdp) => client.socket.emit(StageEvents.answer, { ...ref, sdp }),
      (err: unknown) => seen.unanswered.push(String(err)),
    );
  });
  const emit = async (event: string, payload: object = {}) =>
    (await client.emitWithAck(event, { ...ref, ...payload })) as StageAck;
  return {
    peer,
    seen,
    emit,
    join: () => emit(StageEvents.join),
    /** Publishes the peer's test camera: as a person on stage, or as the program (issue 27). */
    async publish(options: { program?: boolean } = {}): Promise<StageAck> {
      const ack = await emit(StageEvents.offer, { sdp: await peer.publishOffer(), ...options });
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
export type StageClient = Awaited<ReturnType<typeof stageClient>>;

/**
 * A suite's stage: a room scene whose session is in the greenroom, and stage clients signed in as its
 * people (`keep` takes others), all closed after the suite.
 */
export function useStageScene(server: () => { app: App; url: string }, use: () => Database) {
  let current: RoomScene | undefined;
  const open: StageClient[] = [];
  beforeAll(async () => {
    current = await roomScene(server().app.server, use(), { session: { state: "greenroom" } });
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close()));
  });
  const scene = () => {
    if (!current) throw new Error("the scene is not set up yet");
    return current;
  };
  const keep = (client: StageClient) => {
    open.push(client);
    return client;
  };
  /** A stage client with this cookie (none: a visitor) on the session (the scene's unless given). */
  const connectWith = async (cookie: string | undefined, sessionId = scene().session) =>
    keep(await stageClient(server().url, cookie, sessionId));
  /** A stage client signed in as the user (null: a visitor). */
  const connectAs = async (userId: number | null, sessionId = scene().session) =>
    connectWith(userId === null ? undefined : (await signedIn(use(), userId)).cookie, sessionId);
  const connect = (who: Who | null, sessionId = scene().session) =>
    connectAs(who ? scene().people[who].userId : null, sessionId);
  return { scene, connect, connectAs, connectWith };
}
