import { LiveStream } from "@onstage/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app";
import { describeOnPostgres } from "../../testing/databases";
import { until } from "../../testing/media";
import {
  amf0,
  connectCommand,
  createStreamCommand,
  publishCommand,
  RtmpClient,
  rtmpMessage,
} from "../../testing/rtmp-client";
import { ingestProcesses, listening, push, rtmpApp, rtmpSession } from "../../testing/rtmp-encoder";

// Issue 23 §1.4: the RTMP handshake and chunk stream under random, truncated and malformed input, a
// fixed seed's worth of it, sent to the real listener: the ingest process outlives every case (the same
// pid throughout) and a real encoder still publishes after them.

/** mulberry32: the same cases on every run, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => int(256)));
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { int, bytes, pick };
}

const SEED = 23;
const PARALLEL_CASES = 6;
const random = seeded(SEED);

interface FuzzCase {
  name: string;
  /** A real handshake first (the case's bytes then go to the chunk stream). */
  handshake: boolean;
  /** The case's bytes, cut into the writes that send them. */
  writes: Buffer[];
}

/** Bytes cut at random places, as TCP may deliver them. */
function cut(bytes: Buffer): Buffer[] {
  const writes: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const length = 1 + random.int(1024);
    writes.push(bytes.subarray(at, at + length));
    at += length;
  }
  return writes;
}

const C0C1 = () => Buffer.concat([Buffer.from([3]), random.bytes(1536)]);
/** The opening of a real encoder's chunk stream: connect, createStream, publish. */
const opening = (key = "not-a-key") =>
  Buffer.concat([connectCommand(), createStreamCommand(), publishCommand(key)]);
/** AMF0 values of every wrong type for a field: a number, a boolean, null, undefined, an object, a cut string. */
const wrongValues = () => [
  42,
  true,
  null,
  Buffer.from([0x06]),
  { nested: { deeper: 1 } },
  Buffer.from([0x02, 0xff, 0xff, 0x61]),
  Buffer.from([0x0a, 0x00, 0x00, 0x00, 0x02, 0x05]),
  random.bytes(8),
];

function cases(): FuzzCase[] {
  const list: FuzzCase[] = [];
  const add = (name: string, handshake: boolean, bytes: Buffer) =>
    list.push({ name, handshake, writes: cut(bytes) });
  for (let i = 0; i < 15; i++) add("random bytes", false, random.bytes(1 + random.int(4000)));
  for (let i = 0; i < 8; i++) add("a truncated C1", false, C0C1().subarray(0, 1 + random.int(1536)));
  add("an unknown RTMP version", false, Buffer.concat([Buffer.from([0xff]), random.bytes(3072)]));
  for (let i = 0; i < 5; i++)
    add("a truncated C2", false, Buffer.concat([C0C1(), random.bytes(random.int(1536))]));
  for (let i = 0; i < 15; i++) add("random chunks", true, random.bytes(1 + random.int(3000)));
  for (let i = 0; i < 10; i++) {
    const real = opening();
    add("a truncated opening", true, real.subarray(0, 1 + random.int(real.length - 1)));
  }
  for (let i = 0; i < 15; i++) {
    const real = Buffer.from(opening());
    for (let flips = 1 + random.int(6); flips > 0; flips--) real[random.int(real.length)] = random.int(256);
    add("a corrupted opening", true, real);
  }
  for (let i = 0; i < 25; i++) {
    const payload = random.bytes(random.int(600));
    const length = random.pick([payload.length, 0, 1, random.int(0x1000000), 0xffffff]);
    const options = { cid: 2 + random.int(62), type: random.int(32), streamId: random.int(3), length };
    add("a random message", true, rtmpMessage(payload, options));
  }
  for (const value of wrongValues()) {
    add("connect with a wrong command object", true, connectCommand(value));
    add("connect with a wrong tcUrl", true, connectCommand({ app: "live", tcUrl: value }));
    add("connect with a wrong app", true, connectCommand({ app: value, tcUrl: "rtmp://127.0.0.1/live" }));
    add("a command named by a wrong type", true, rtmpMessage(amf0(value, 1, null)));
    const publish = rtmpMessage(amf0("publish", 3, null, value, "live"), { cid: 8, streamId: 1 });
    add(
      "publish with a wrong stream name",
      true,
      Buffer.concat([connectCommand(), createStreamCommand(), publish]),
    );
  }
  add("a stream key with a NUL byte", true, opening("key\0with-nul"));
  add("an AMF3 command", true, rtmpMessage(random.bytes(200), { type: 17 }));
  add("AMF0 data before publish", true, rtmpMessage(amf0("@setDataFrame", "onMetaData", 5), { type: 18 }));
  add("media before publish", true, rtmpMessage(random.bytes(300), { cid: 6, type: 9, streamId: 1 }));
  for (const size of [0, 1, 0x7fffffff, 0xffffffff]) {
    const setChunkSize = Buffer.alloc(4);
    setChunkSize.writeUInt32BE(size);
    const chunkSize = rtmpMessage(setChunkSize, { cid: 2, type: 1 });
    add(`chunk size ${size}`, true, Buffer.concat([chunkSize, connectCommand(), random.bytes(500)]));
  }
  add("a cut set chunk size", true, rtmpMessage(Buffer.from([0, 1]), { cid: 2, type: 1 }));
  const oneByteChunks = rtmpMessage(Buffer.from([0, 0, 0, 1]), { cid: 2, type: 1 });
  const huge = Array.from({ length: 60 }, (_, i) =>
    rtmpMessage(Buffer.alloc(1), { cid: 3 + i, length: 0xffffff }),
  );
  add("huge lengths on many chunk streams", true, Buffer.concat([oneByteChunks, ...huge]));
  const manyStreams = Array.from({ length: 300 }, (_, i) => Buffer.from([0xc1, i & 0xff, i >> 8]));
  add("hundreds of chunk streams", true, Buffer.concat(manyStreams));
  const extended = Buffer.from([0x03, 0xff, 0xff, 0xff, 0, 0, 4, 20, 0, 0, 0, 0, 0xff]);
  add("a cut extended timestamp", true, extended);
  return list;
}

/** Sends one case; the connection is left when the server closes it, or after 200 ms. */
async function send(port: number, fuzz: FuzzCase): Promise<void> {
  const client = await RtmpClient.open(port);
  try {
    if (fuzz.handshake) await client.handshake();
    for (const bytes of fuzz.writes) client.write(bytes);
    await client.closedWithin(200);
  } finally {
    client.destroy();
  }
}

describeOnPostgres("RTMP ingest fuzzing (issue 23 §1.4)", (use) => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    ({ app, port } = await rtmpApp(use()));
    await until("the RTMP listener", () => listening(port), 10_000);
  });
  afterAll(async () => {
    await app?.server.close();
    expect(await ingestProcesses()).toEqual([]);
  });

  it(`the ingest process outlives every case of seed ${SEED}, and an encoder still publishes`, async () => {
    const first = await RtmpClient.open(port);
    await first.handshake(30_000);
    first.destroy();
    const [pid] = await ingestProcesses();
    expect(pid).toBeDefined();

    const all = cases();
    // A few at a time: within an address's share of connections (those just left may still count).
    for (let at = 0; at < all.length; at += PARALLEL_CASES) {
      await Promise.all(all.slice(at, at + PARALLEL_CASES).map((fuzz) => send(port, fuzz)));
      expect(await ingestProcesses(), `after "${all[at]?.name}" and the cases beside it`).toEqual([pid]);
    }

    const { s, stream } = await rtmpSession(app, use(), "rtmp-native");
    const encoder = push(port, stream.stream_key, 30);
    const status = async () =>
      LiveStream.parse(
        (await s.people.owner.client.get(`/api/mux/livestream?video_session_id=${s.session}`)).json(),
      ).status;
    await until("the encoder's HLS", async () => (await status()) === "active", 20_000);
    expect(await ingestProcesses()).toEqual([pid]);
    encoder.stop();
    await encoder.exited;
  }, 60_000);
});
