import { createSocket, type Socket } from "node:dgram";
import { networkInterfaces } from "node:os";
import { type StageAck, StageEvents } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import { describeOnPostgres } from "../../testing/databases";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import { type RoomScene, roomScene } from "../../testing/room-scene";
import { StagePeer } from "../../testing/stage-peer";

// Issue 23 §2.6 with a real SFU: a member's crafted ICE candidates name UDP sockets of this machine, and
// the STUN binding requests that reach them show which candidates the SFU checks.

const STUN_BINDING_REQUEST = 0x0001;
const STUN_MAGIC_COOKIE = 0x2112a442;

/** A UDP socket that counts the STUN binding requests sent to it. */
async function stunTarget(address: string): Promise<{ port: number; checks: () => number; socket: Socket }> {
  const socket = createSocket(address.includes(":") ? "udp6" : "udp4");
  let checks = 0;
  socket.on("message", (packet) => {
    if (packet.length >= 20 && packet.readUInt16BE(0) === STUN_BINDING_REQUEST) {
      if (packet.readUInt32BE(4) === STUN_MAGIC_COOKIE) checks += 1;
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  return { port: socket.address().port, checks: () => checks, socket };
}

const candidateFor = (address: string, port: number, foundation: number) =>
  `candidate:${foundation} 1 udp 2122260223 ${address} ${port} typ host`;
/** A candidate elsewhere (TEST-NET-1) that never answers: with none at all werift fails the connection. */
const NOWHERE = candidateFor("192.0.2.1", 9, 99);

/** A non-loopback IPv4 address of this machine's own, when it has one. */
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && info.family === "IPv4" && !info.internal)?.address;

describeOnPostgres("the SFU checks only the candidates it may", (use) => {
  const server = useListeningApp(use);
  let scene: RoomScene;
  const sockets: Socket[] = [];
  const closers: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    scene = await roomScene(server().app.server, use(), { session: { state: "greenroom" } });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    for (const socket of sockets) socket.close();
  });

  const target = async (address: string) => {
    const made = await stunTarget(address);
    sockets.push(made.socket);
    return made;
  };

  /**
   * A stage member whose publish offer carries only `inOffer` as candidates; it never answers the SFU's
   * checks, so the SFU keeps checking every candidate it took. `headers` play a proxy on this machine.
   */
  const publisher = async (who: "host" | "speaker" | "owner", headers: Record<string, string> = {}) => {
    const client = await RealtimeClient.connect(server().url, { cookie: scene.people[who].cookie, headers });
    const peer = new StagePeer();
    closers.push(async () => {
      client.close();
      await peer.close();
    });
    const ref = { video_session_id: scene.session };
    // The first join starts the SFU's thread, which takes seconds on a busy machine.
    const emit = async (event: string, payload: object = {}) =>
      (await client.socket.timeout(20_000).emitWithAck(event, { ...ref, ...payload })) as StageAck;
    expect(await emit(StageEvents.join)).toMatchObject({ status: "ok", canPublish: true });
    return {
      async publish(inOffer: string[]) {
        // Its own candidates out, and no end of candidates: more come trickled, as from a browser.
        const own = (await peer.publishOffer())
          .split(/(?<=\n)/)
          .filter((line) => !line.startsWith("a=candidate:") && !line.startsWith("a=end-of-candidates"));
        // Candidates belong to the first media section (one bundled transport).
        const firstMedia = own.findIndex((line) => line.startsWith("m="));
        const next = own.findIndex((line, i) => i > firstMedia && line.startsWith("m="));
        own.splice(next, 0, ...inOffer.map((candidate) => `a=${candidate}\r\n`));
        expect((await emit(StageEvents.offer, { sdp: own.join("") })).status).toBe("ok");
      },
      trickle: (candidate: string) =>
        emit(StageEvents.candidate, {
          connection: "publish",
          candidate: { candidate, sdpMid: "0", sdpMLineIndex: 0 },
        }),
    };
  };

  test("a client elsewhere (behind a proxy here) has its candidates naming this machine ignored; one on this machine does not", async () => {
    const inOffer = await target("127.0.0.1");
    const trickled = await target("127.0.0.1");
    const own = ownAddress ? await target(ownAddress) : null;
    const elsewhere = await publisher("host", { "x-forwarded-for": "203.0.113.7" });
    await elsewhere.publish([candidateFor("127.0.0.1", inOffer.port, 1), NOWHERE]);
    expect(await elsewhere.trickle(candidateFor("127.0.0.1", trickled.port, 2))).toEqual({ status: "ok" });
    if (own && ownAddress)
      expect(await elsewhere.trickle(candidateFor(ownAddress, own.port, 3))).toEqual({ status: "ok" });

    // The same candidates from this machine are checked: so the silence above is the screen's doing.
    const here = await target("127.0.0.1");
    const local = await publisher("speaker");
    await local.publish([NOWHERE]);
    await local.trickle(candidateFor("127.0.0.1", here.port, 4));
    await eventually(
      "the SFU checks the candidate of a client on this machine",
      () => here.checks() > 0,
      5_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([inOffer.checks(), trickled.checks(), own?.checks() ?? 0]).toEqual([0, 0, 0]);
  }, 30_000);

  test("a connection takes at most 32 candidates, in its offer and trickled", async () => {
    const targets = await Promise.all(Array.from({ length: 40 }, () => target("127.0.0.1")));
    const member = await publisher("owner");
    const candidates = targets.map((t, i) => candidateFor("127.0.0.1", t.port, 100 + i));
    await member.publish(candidates.slice(0, 20));
    for (const candidate of candidates.slice(20)) await member.trickle(candidate);
    const checked = () => targets.filter((t) => t.checks() > 0).length;
    await eventually("the SFU checks the candidates it took", () => checked() >= 32, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(checked()).toBe(32);
  }, 30_000);
});
