import { StageEvents } from "@onstage/domain";
import { beforeAll, expect, test } from "vitest";
import { signedIn } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import type { RoomScene } from "../../testing/room-scene";
import { takeUnexpectedServerErrors } from "../../testing/server-errors";
import { useStageScene } from "../../testing/stage-client";
import { StagePeer } from "../../testing/stage-peer";

// Issue 23 §1.4: a signed-in stage member's socket sends the stage's signalling messages broken every way
// (random and truncated JSON, wrong types, mangled and oversized SDP, odd candidates, unknown kinds). The
// SFU's thread survives each (no restart, nothing at error level), a real publisher's video keeps flowing,
// and the fuzzing member can still publish after. Seeded: a failure names its seed and case.

const SEED = Number(process.env.FUZZ_SEED ?? 2_300_104);
const CASES = Number(process.env.FUZZ_CASES ?? 400);

/** mulberry32: small, seeded, good enough to pick cases. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const CLIENT_EVENTS = [
  StageEvents.join,
  StageEvents.offer,
  StageEvents.answer,
  StageEvents.candidate,
  StageEvents.state,
] as const;

function fuzzer(rand: () => number, sessionId: number, realOffer: string) {
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const text = (max: number) =>
    Array.from({ length: int(max) }, () => String.fromCharCode(pick([32 + int(95), int(0xffff)]))).join("");
  const value = (depth: number): unknown => {
    switch (int(depth > 2 ? 5 : 7)) {
      case 0:
        return null;
      case 1:
        return pick([0, -1, 1.5, 2 ** 53, Number.NaN, sessionId, -sessionId]);
      case 2:
        return text(40);
      case 3:
        return rand() < 0.5;
      case 4:
        return undefined;
      case 5:
        return Array.from({ length: int(4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: int(4) }, () => [text(8), value(depth + 1)]));
    }
  };
  /** A real offer cut, spliced or with bytes flipped: it passes the schema and reaches werift. */
  const mangledSdp = (): string => {
    const lines = realOffer.split("\r\n");
    switch (int(5)) {
      case 0:
        return realOffer.slice(0, 1 + int(realOffer.length - 1));
      case 1:
        return lines.filter(() => rand() < 0.7).join("\r\n");
      case 2:
        return [...realOffer].map((c) => (rand() < 0.02 ? text(2) : c)).join("");
      case 3:
        return lines.map((line) => (rand() < 0.1 ? `${line.slice(0, 2)}${text(30)}` : line)).join("\r\n");
      default:
        return [...lines, ...lines.slice(int(lines.length))].join("\r\n");
    }
  };
  const candidate = () =>
    pick([
      text(200),
      `candidate:${int(9)} 1 udp ${int(2 ** 31)} ${pick(["127.0.0.1", "0.0.0.0", "::1", "999.1.1.1", text(20)])} ${pick([0, 9, 65_535, 70_000, -1])} typ ${pick(["host", "srflx", "relay", text(5)])}`,
      "",
      "candidate:",
      `candidate:1 1 tcp 1 10.0.0.1 9 typ host tcptype ${text(10)}`,
    ]);
  const valid = (event: string): Record<string, unknown> => {
    const ref = { video_session_id: sessionId };
    switch (event) {
      case StageEvents.offer:
      case StageEvents.answer:
        return { ...ref, sdp: mangledSdp() };
      case StageEvents.candidate:
        return {
          ...ref,
          connection: pick(["publish", "subscribe"]),
          candidate: {
            candidate: candidate(),
            sdpMid: pick([null, undefined, "0", "1", "2", "9", text(10)]),
            sdpMLineIndex: pick([null, undefined, 0, 1, 2, 64]),
          },
        };
      case StageEvents.state:
        return { ...ref, audioMuted: rand() < 0.5, videoMuted: rand() < 0.5, screen: rand() < 0.5 };
      default:
        return { ...ref, ...(rand() < 0.5 ? { watch: false } : {}) };
    }
  };
  /** One message: [event, payload, whether the server answers]. */
  return (): [string, unknown, boolean] => {
    const kind = int(6);
    const event = pick(CLIENT_EVENTS);
    if (kind === 0)
      return [pick(["stage:", "stage:publish", `stage:${text(10)}`, text(20)]), value(0), false];
    if (kind === 1) return [event, value(0), true];
    if (kind === 2) return [event, JSON.stringify(valid(event)).slice(0, int(200)), true];
    if (kind === 3) {
      // One field of a well-formed message gets another type.
      const message = valid(event);
      const keys = Object.keys(message);
      return [event, { ...message, [pick(keys)]: value(1) }, true];
    }
    return [event, valid(event), true];
  };
}

describeOnPostgres("stage signalling under fuzzing", (use) => {
  // The fuzzer speaks far faster than a browser: the socket's frame budget is not what is tested here.
  const server = useListeningApp(use, { realtimeTuning: { framesPerSecond: 10_000 } });
  const stage = useStageScene(server, use);
  const { connect } = stage;
  let scene: RoomScene;
  beforeAll(() => {
    scene = stage.scene();
  });

  test(`${CASES} broken signalling messages (seed ${SEED}): the SFU stays up and a real peer still publishes`, async () => {
    const { cookie } = await signedIn(use(), scene.people.host.userId);
    const fuzzing = await RealtimeClient.connect(server().url, { cookie });
    // The first join starts the SFU's thread, which takes seconds on a busy machine.
    expect(
      await fuzzing.socket.timeout(60_000).emitWithAck(StageEvents.join, { video_session_id: scene.session }),
    ).toMatchObject({ status: "ok" });
    const speaker = await connect("speaker");
    expect((await speaker.join()).status).toBe("ok");
    expect((await speaker.publish()).status).toBe("ok");
    const offerPeer = new StagePeer();
    const realOffer = await offerPeer.publishOffer();
    await offerPeer.close();

    const next = fuzzer(random(SEED), scene.session, realOffer);
    try {
      for (let i = 0; i < CASES; i++) {
        const [event, payload, answers] = next();
        if (!answers) {
          fuzzing.socket.emit(event, payload);
          continue;
        }
        const ack = (await fuzzing.emitWithAck(event, payload).catch((err: unknown) => err)) as {
          status?: string;
        };
        expect(ack?.status, `case ${i}: ${event} ${JSON.stringify(payload)?.slice(0, 300)}`).toMatch(
          /^(ok|error)$/,
        );
      }
      // Past the socket's frame limit (16 KB) the realtime server drops the socket, and the stage with it.
      fuzzing.socket.emit(StageEvents.offer, {
        video_session_id: scene.session,
        sdp: "v=0\r\n".repeat(20_000),
      });
      await eventually("the oversized frame's socket is dropped", () => !fuzzing.socket.connected, 5_000);
    } finally {
      fuzzing.close();
    }

    expect(speaker.seen.restarted).toBe(false);
    expect(takeUnexpectedServerErrors()).toEqual([]);
    // The stage still works: a real peer publishes and its connection with the SFU comes up.
    const again = await connect("host");
    expect((await again.join()).status).toBe("ok");
    expect((await again.publish()).status).toBe("ok");
    await eventually(
      "the publisher's connection is up",
      () => again.peer.publisher.connectionState === "connected",
      20_000,
    );
    expect(takeUnexpectedServerErrors()).toEqual([]);
  }, 120_000);
});
