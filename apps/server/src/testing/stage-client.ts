import { type StageAck, StageEvents, type StageParticipantInfo } from "@onstage/domain";
import { RealtimeClient } from "./realtime";
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
export type StageClient = Awaited<ReturnType<typeof stageClient>>;
