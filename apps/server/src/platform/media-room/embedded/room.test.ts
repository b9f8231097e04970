import type { StageParticipantInfo } from "@onstage/domain";
import { afterAll, describe, expect, test } from "vitest";
import { StagePeer } from "../../../testing/stage-peer";
import type { ServerSignal } from "./protocol";
import { embeddedMediaRoom } from "./room";

// The SFU in its worker thread with werift peers: what one publishes reaches the other; removing a
// member or closing the room stops it at once.

const room = embeddedMediaRoom();
afterAll(() => room.stop());

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A member who enters, answers every offer and publishes camera packets. */
async function onStage(sessionId: number, userId: number) {
  const peer = new StagePeer();
  const state = { participants: [] as StageParticipantInfo[], closed: false };
  await room.enter(
    { sessionId, userId, name: `User ${userId}`, canPublish: true },
    {
      signal(signal: ServerSignal) {
        if (signal.type === "participants") state.participants = signal.participants;
        else
          void peer
            .answer(signal.sdp)
            .then((sdp) => room.signal(sessionId, userId, { type: "subscribe-answer", sdp }));
      },
      closed: () => {
        state.closed = true;
      },
    },
  );
  const answer = await room.signal(sessionId, userId, {
    type: "publish-offer",
    sdp: await peer.publishOffer(),
  });
  await peer.acceptAnswer(answer ?? "");
  peer.startVideo(300);
  const videoMidOf = (other: number) => state.participants.find((p) => p.userId === other)?.mids.video ?? "";
  return { peer, state, videoMidOf };
}

describe("embedded SFU", () => {
  test("two members each receive the other's camera; leaving stops it; closing empties the room", async () => {
    const a = await onStage(1, 10);
    const b = await onStage(1, 20);
    try {
      await until(() => a.peer.packetsOn(a.videoMidOf(20)) > 20 && b.peer.packetsOn(b.videoMidOf(10)) > 20);
      expect(a.state.participants.map((p) => p.name).sort()).toEqual(["User 10", "User 20"]);
      expect((await room.stats()).forwardedStreams).toBeGreaterThanOrEqual(2);

      await room.remove(1, 20);
      expect(b.state.closed).toBe(true);
      await until(() => a.state.participants.length === 1);
      const after = a.peer.packetsOn(a.videoMidOf(20) || "1");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(a.peer.packetsOn(a.videoMidOf(20) || "1")).toBeLessThanOrEqual(after + 1);

      await room.close(1);
      expect(a.state.closed).toBe(true);
      expect(room.members(1)).toEqual([]);
      expect((await room.stats()).participants).toBe(0);
    } finally {
      await Promise.all([a.peer.close(), b.peer.close()]);
    }
  }, 30_000);

  test("a member without the publish right cannot publish", async () => {
    const peer = new StagePeer();
    await room.enter(
      { sessionId: 2, userId: 30, name: "Watcher", canPublish: false },
      { signal() {}, closed() {} },
    );
    await expect(
      room.signal(2, 30, { type: "publish-offer", sdp: await peer.publishOffer() }),
    ).rejects.toThrow("forbidden");
    await room.close(2);
    await peer.close();
  });
});
