import type { Worker } from "node:worker_threads";
import type { StageParticipantInfo } from "@onstage/domain";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { StagePeer } from "../../../testing/stage-peer";
import type { ServerSignal } from "./protocol";
import { embeddedMediaRoom } from "./room";

// The SFU in its worker thread with werift peers: what one publishes reaches the other; removing a
// member or closing the room stops it at once; the thread survives a room's end and is restarted when it
// dies anyway.

const threads: Worker[] = [];
/** What the supervisor reported: every test but the restart's expects none of it. */
const reports: string[] = [];
const room = embeddedMediaRoom({
  onCrash: (err) => reports.push(`crash: ${err.message}`),
  onRestart: (exitCode) => reports.push(`restart: ${exitCode}`),
  onFault: (report) => reports.push(`fault: ${report}`),
  onThread: (thread) => threads.push(thread),
});
afterAll(() => room.stop());
afterEach(() => {
  reports.length = 0;
});

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A member who enters, answers every offer and publishes camera packets. */
async function onStage(sessionId: number, userId: number) {
  const peer = new StagePeer();
  const state = { participants: [] as StageParticipantInfo[], closed: false, restarted: false };
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
      restarted: () => {
        state.restarted = true;
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
  }, 60_000);

  test("a member without the publish right cannot publish", async () => {
    const peer = new StagePeer();
    await room.enter(
      { sessionId: 2, userId: 30, name: "Watcher", canPublish: false },
      { signal() {}, closed() {}, restarted() {} },
    );
    await expect(
      room.signal(2, 30, { type: "publish-offer", sdp: await peer.publishOffer() }),
    ).rejects.toThrow("forbidden");
    await room.close(2);
    await peer.close();
  });

  test.each([
    { case: "the room closes (the session ended)", end: (sessionId: number) => room.close(sessionId) },
    {
      case: "both leave at once",
      end: (sessionId: number) =>
        Promise.all([room.remove(sessionId, 10), room.remove(sessionId, 20)]).then(() => undefined),
    },
  ])(
    "two publishers' room ends without a fault when $case; the thread goes on serving",
    async ({ end }) => {
      const sessionId = 3 + Math.floor(Math.random() * 1_000_000);
      const a = await onStage(sessionId, 10);
      const b = await onStage(sessionId, 20);
      try {
        await until(() => a.peer.packetsOn(a.videoMidOf(20)) > 5 && b.peer.packetsOn(b.videoMidOf(10)) > 5);
        const started = threads.length;
        await end(sessionId);
        // Issue 23 §1.1: the renegotiation the first removal started met the second's closed connection.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(reports).toEqual([]);
        expect(threads.length).toBe(started);
        expect((await room.stats()).participants).toBe(0);
      } finally {
        await Promise.all([a.peer.close(), b.peer.close()]);
      }
    },
    60_000,
  );

  test("a thread that dies is replaced: its members are told to join again, and do", async () => {
    const a = await onStage(4, 10);
    const b = await onStage(4, 20);
    await until(() => a.peer.packetsOn(a.videoMidOf(20)) > 5);
    const dead = threads.at(-1);
    await dead?.terminate();
    expect(a.state.restarted && b.state.restarted).toBe(true);
    expect(a.state.closed || b.state.closed).toBe(false);
    expect(room.members(4)).toEqual([]);
    expect(threads.at(-1)).not.toBe(dead);
    expect(reports).toEqual(["restart: 1"]);
    await Promise.all([a.peer.close(), b.peer.close()]);

    const again = [await onStage(4, 10), await onStage(4, 20)];
    try {
      const [c, d] = again as [(typeof again)[0], (typeof again)[0]];
      await until(() => c.peer.packetsOn(c.videoMidOf(20)) > 5 && d.peer.packetsOn(d.videoMidOf(10)) > 5);
    } finally {
      await room.close(4);
      await Promise.all(again.map((m) => m.peer.close()));
    }
  }, 60_000);
});
