import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { RTMP_CONNECTIONS_PER_ADDRESS, RTMP_PUBLISH_DEADLINE_MS, wrongKeyDelayMs } from "@onstage/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app";
import { LIVE_PLAYLIST } from "../../media/ffmpeg-args";
import { previewDir } from "../../media/hls-paths";
import { parsePlaylist } from "../../media/playlists";
import { describeOnPostgres } from "../../testing/databases";
import { until } from "../../testing/media";
import {
  type Amf0,
  connectCommand,
  createStreamCommand,
  publishCommand,
  RtmpClient,
  rtmpMessage,
} from "../../testing/rtmp-client";
import { ingestProcesses, listening, push, rtmpApp, rtmpSession } from "../../testing/rtmp-encoder";
import { expectServerError, serverErrorsSoFar } from "../../testing/server-errors";

// Issue 23 §1.2: whatever one connection to the RTMP listener sends or withholds, it ends only that
// connection, and what an unchecked connection may cost the ingest process is bounded.

/** The child's address space (VmSize), in bytes. */
const addressSpace = async (pid: number) =>
  Number(/VmSize:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1]) * 1024;

/** The largest length a chunk header can announce (24 bits): the 16 MB. */
const HUGE = 0xffffff;

describeOnPostgres("RTMP ingest against hostile connections (issue 23 §1.2)", (use) => {
  let app: App;
  let port: number;
  let mediaDir: string;
  let ingestPid: number;

  beforeAll(async () => {
    ({ app, port, mediaDir } = await rtmpApp(use()));
    await until("the RTMP listener", () => listening(port), 10_000);
    [ingestPid = 0] = await until("the ingest process", async () => {
      const pids = await ingestProcesses();
      return pids.length === 1 ? pids : null;
    });
    // Started is not yet reading: the first handshake answered is (tsx compiles it first).
    const first = await RtmpClient.open(port);
    await first.handshake(30_000);
    first.destroy();
  });
  afterAll(async () => {
    // The same process took every connection of the suite: none of them ended it.
    expect(await ingestProcesses()).toEqual([ingestPid]);
    await app?.server.close();
    expect(await ingestProcesses()).toEqual([]);
  });

  /** A connection through the handshake and a connect (the library's default unless given). */
  async function connected(cmdObj?: Amf0): Promise<RtmpClient> {
    const client = await RtmpClient.open(port);
    await client.handshake();
    client.write(connectCommand(cmdObj));
    return client;
  }

  it("an address's connections past the cap close at once; the others close when no key is checked in time", async () => {
    const opened = Date.now();
    const clients = await Promise.all(
      Array.from({ length: RTMP_CONNECTIONS_PER_ADDRESS + 1 }, () => RtmpClient.open(port)),
    );
    await until("one connection refused", async () => clients.some((c) => c.isClosed), 3_000);
    const open = clients.filter((c) => !c.isClosed);
    expect(open).toHaveLength(RTMP_CONNECTIONS_PER_ADDRESS);
    // A handshake and a connect are not a checked key either.
    await Promise.all(open.slice(0, 3).map((c) => c.handshake().then(() => c.write(connectCommand()))));
    await Promise.all(open.map((c) => c.closedWithin(RTMP_PUBLISH_DEADLINE_MS + 5_000)));
    expect(open.every((c) => c.isClosed)).toBe(true);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(RTMP_PUBLISH_DEADLINE_MS - 500);
  }, 30_000);

  it("a malformed connect ends only its own connection: a publishing encoder's HLS goes on growing", async () => {
    const { s, stream } = await rtmpSession(app, use(), "rtmp-native");
    const playlist = path.join(previewDir(mediaDir, s.session), LIVE_PLAYLIST);
    const segments = async () =>
      parsePlaylist(await readFile(playlist, "utf8").catch(() => "")).map((segment) => segment.uri);
    const encoder = push(port, stream.stream_key, 60);
    let encoderExited = false;
    void encoder.exited.then(() => {
      encoderExited = true;
    });
    await until("the encoder's HLS", async () => (await segments()).length > 0, 30_000);

    const malformed: Amf0[] = [{ app: "live", tcUrl: "not a url" }, null, { app: "live" }, 7];
    for (const cmdObj of malformed) {
      const attacker = await connected(cmdObj);
      expect(await attacker.closedWithin(3_000)).toBe(true);
      expect(await ingestProcesses()).toEqual([ingestPid]);
    }
    const before = await segments();
    await until("new segments", async () => (await segments()).some((uri) => !before.includes(uri)), 15_000);
    expect(encoderExited).toBe(false);
    expect(await ingestProcesses()).toEqual([ingestPid]);
    encoder.stop();
    await encoder.exited;
  }, 60_000);

  it("each wrong key from an address is refused later than the one before", async () => {
    const refusalMs = async () => {
      const client = await connected();
      client.write(createStreamCommand());
      const asked = Date.now();
      client.write(publishCommand("not-the-key"));
      await client.closed;
      expect(client.heard("NetStream.Publish.BadName")).toBe(true);
      return Date.now() - asked;
    };
    const first = await refusalMs();
    await refusalMs();
    const third = await refusalMs();
    expect(third).toBeGreaterThanOrEqual(wrongKeyDelayMs(3));
    expect(third).toBeGreaterThan(first);
  }, 30_000);

  it("a huge message length closes its connection before anything of it is allocated", async () => {
    // The 173 bytes: chunks of one byte, then twelve chunk streams announcing 16 MB each.
    const space = await addressSpace(ingestPid);
    const unchecked = await connected();
    const oneByteChunks = rtmpMessage(Buffer.from([0, 0, 0, 1]), { cid: 2, type: 1 });
    const announced = Array.from({ length: 12 }, (_, i) =>
      rtmpMessage(Buffer.alloc(1), { cid: 3 + i, length: HUGE }),
    );
    unchecked.write(Buffer.concat([oneByteChunks, ...announced]));
    expect(await unchecked.closedWithin(2_000)).toBe(true);
    expect((await addressSpace(ingestPid)) - space).toBeLessThan(64 * 1024 * 1024);

    // An encoder whose key was checked is bounded too (a message far above any keyframe).
    const { stream } = await rtmpSession(app, use(), "rtmp-native");
    const checked = await connected();
    checked.write(Buffer.concat([createStreamCommand(), publishCommand(stream.stream_key)]));
    await until("the publish accepted", async () => checked.heard("NetStream.Publish.Start"), 10_000);
    checked.write(rtmpMessage(Buffer.alloc(2), { cid: 6, type: 9, streamId: 1, length: HUGE }));
    expect(await checked.closedWithin(2_000)).toBe(true);
  }, 30_000);

  it("connections reset while a new ingest process loads end only themselves (it hears nothing before it is ready)", async () => {
    // Only this kill may end one; the next connection starts the new process.
    const killed = /"signal":"SIGKILL","msg":"rtmp ingest: process exited"/;
    expectServerError(killed);
    process.kill(ingestPid, "SIGKILL");
    await until("the server told", async () => serverErrorsSoFar().some((e) => killed.test(e.line)), 5_000);
    await Promise.all(
      [0, 1, 5, 20, 50, 100, 200].map(async (afterMs) => {
        const socket = connect(port, "127.0.0.1");
        socket.on("error", () => undefined);
        await new Promise((resolve) => socket.once("connect", resolve));
        socket.write(Buffer.alloc(1537, 3));
        await new Promise((resolve) => setTimeout(resolve, afterMs));
        socket.resetAndDestroy();
      }),
    );
    const [restarted = 0] = await until("one new ingest process", async () => {
      const pids = await ingestProcesses();
      return pids.length === 1 ? pids : null;
    });
    const client = await RtmpClient.open(port);
    await client.handshake(30_000);
    client.destroy();
    expect(await ingestProcesses()).toEqual([restarted]);
    ingestPid = restarted;
  }, 60_000);
});
