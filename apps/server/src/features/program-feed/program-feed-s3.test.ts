import { setTimeout as sleep } from "node:timers/promises";
import { PlaybackResponse, type SessionStream } from "@onstage/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app";
import { findStream, openStream } from "../../kernel/broadcast/streams";
import { streamKeyPrefix } from "../../media/hls-paths";
import { parsePlaylist } from "../../media/playlists";
import type { Database } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import { referencedUris } from "../../platform/storage/hls/playlist";
import { s3FileStorage } from "../../platform/storage/s3";
import { buildTestApp, signedIn, TEST_PUBLIC_URL, testFilesDir } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { endBroadcast, openCompositor, sendRecording, until, webmRecording } from "../../testing/media";
import { clientOf, type RoomScene, roomScene } from "../../testing/room-scene";
import { startS3Server } from "../../testing/s3-server";
import { bucketMediaFiles } from "./media-files";

// Issue 13 §4: with S3_* set, a broadcast's HLS is mirrored to the bucket and played from there. Issue
// 27 §2: with Redis too, every node serves its LL-HLS, the parts from the bucket.

const SECRET = "program-feed-s3-test-secret-0123456789abcdef";

describeOnPostgres("program feed on object storage (s3rver)", (use) => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: App;
  let base: string;
  let scene: RoomScene;

  /** The SQL the app ran, to see what a media request costs the database. */
  const statements: string[] = [];
  const start = async () => {
    const db = use();
    const counted = new Proxy(db, {
      get: (target, name, receiver) =>
        name === "query"
          ? (sql: string, ...rest: unknown[]) => {
              statements.push(sql);
              return (target.query as (...args: unknown[]) => unknown).call(target, sql, ...rest);
            }
          : Reflect.get(target, name, receiver),
    });
    const started = await buildTestApp(counted, {
      // Each start a fresh media directory: nothing is read back from this node's disk.
      mediaDir: await testFilesDir(),
      mediaSecret: SECRET,
      s3: s3.config,
      redisUrl: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    });
    return { app: started, base: await started.server.listen({ port: 0, host: "127.0.0.1" }) };
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    ({ app, base } = await start());
    scene = await roomScene(app.server, use());
  });
  afterAll(async () => {
    await app?.server.close();
    await s3?.close();
  });

  const goLive = (db: Database, sessionId: number) =>
    withOutbox(db, app.realtime.realtime, (tx, outbox) => openStream(tx, outbox, sessionId, true));
  /** The guest's playback answer, from the app running now (its client is made afresh after a restart). */
  const playback = async (node = app) => {
    const guest = await clientOf(node.server, use(), scene.people.guest.userId);
    const res = await guest.get(`/api/video-session/playback?video_session_id=${scene.session}`);
    expect(res.statusCode).toBe(200);
    return PlaybackResponse.parse(res.json());
  };
  const bucketKeys = (stream: SessionStream) =>
    s3FileStorage(s3.config).list(`${streamKeyPrefix(SECRET, scene.session, stream.id)}/`);
  const fileOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

  it("serves live segments from the bucket, deletes unrecorded ones there, and plays the recording after a restart", async () => {
    const db = use();
    // Another node of the site, hearing this one over Redis from the start.
    const node = await start();
    const stream = await goLive(db, scene.session);
    const host = await openCompositor(base, scene.session, {
      cookie: (await signedIn(db, scene.people.host.userId)).cookie,
      origin: TEST_PUBLIC_URL,
    });
    const sending = sendRecording(host, await webmRecording(4), 4);
    await host.waitFor("live", 30_000);

    // Live: viewers get the LL-HLS playlist (below); the app serves the standard one too (token checked),
    // whose segments are signed bucket URLs.
    const lowLatencyUrl = await until("the live URL", async () => (await playback()).liveUrl);
    expect(lowLatencyUrl).toMatch(/\/ll\.m3u8$/);
    const liveUrl = lowLatencyUrl.replace(/ll\.m3u8$/, "live.m3u8");
    const live = await fetch(`${base}${liveUrl}`);
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("public, max-age=1");
    const segments = referencedUris(await live.text());
    expect(segments.length).toBeGreaterThan(0);
    for (const url of segments) {
      expect(url.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/media/sessions/`)).toBe(true);
      expect(new URL(url).searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
      const segment = await fetch(url);
      expect(segment.status).toBe(200);
      expect(segment.headers.get("content-type")).toBe("video/mp2t");
      expect(segment.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    // A signed-in browser sends its session cookie along: the token is the check, no session lookup.
    statements.length = 0;
    const cookie = (await signedIn(db, scene.people.guest.userId)).cookie;
    expect((await fetch(`${base}${liveUrl}`, { headers: { cookie } })).status).toBe(200);
    expect(statements.filter((sql) => sql.includes("user_sessions"))).toEqual([]);
    // A token for another session opens nothing here.
    const other = liveUrl?.replace(/\/media\/[^/]+\//, `/media/${"1".repeat(10)}.${"A".repeat(43)}/`);
    expect((await fetch(`${base}${other}`)).status).toBe(403);

    // Recording paused: the segments made meanwhile leave the bucket once the pipeline deletes them
    // (10 s after they left the live window), the recorded ones stay.
    // (The compositor leaves: the slate keeps segments coming.)
    await sending;
    host.socket.close();
    app.lifecycle.emit("recording", { sessionId: scene.session, stream: { ...stream, isRecording: false } });
    // The other node serves the LL-HLS of the slate that follows: its viewers get it, a blocking reload
    // there is answered by the publish of the part it names, and the part is fetched from the bucket,
    // already there.
    try {
      await until("LL-HLS offered by the other node", async () =>
        (await playback(node.app)).liveUrl?.endsWith("/ll.m3u8"),
      );
      const playlist = await until("parts on the other node", async () => {
        const text = await (await fetch(`${node.base}${lowLatencyUrl}`)).text();
        return text.includes("#EXT-X-PART:") ? text : null;
      });
      const [, msn, index] = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="s(\d+)-p(\d+)\.m4s"/.exec(playlist) ?? [];
      const partUrl = `${node.base}${lowLatencyUrl.replace(/ll\.m3u8$/, `s${msn}-p${index}.m4s`)}`;
      const [reload, part] = await Promise.all([
        fetch(`${node.base}${lowLatencyUrl}?_HLS_msn=${msn}&_HLS_part=${index}`),
        fetch(partUrl, { redirect: "manual" }),
      ]);
      expect(reload.status).toBe(200);
      expect(await reload.text()).toContain(`URI="s${msn}-p${index}.m4s"`);
      expect(part.status).toBe(302);
      const fromBucket = await fetch(part.headers.get("location") ?? "");
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get("content-type")).toBe("video/iso.segment");
      expect((await fromBucket.arrayBuffer()).byteLength).toBeGreaterThan(100);
    } finally {
      await node.app.server.close();
    }
    // The segments in flight when the pause came settle; after that the recording no longer grows.
    await sleep(3_000);
    const bucket = s3FileStorage(s3.config);
    const vodKey = `${streamKeyPrefix(SECRET, scene.session, stream.id)}/vod.m3u8`;
    const numberOf = (name: string) => Number(/(\d+)\.ts$/.exec(name)?.[1] ?? -1);
    const lastRecorded = Math.max(
      ...parsePlaylist((await bucket.get(vodKey))?.toString() ?? "").map((s) => numberOf(s.uri)),
    );
    const unrecorded = await until("an unrecorded segment uploaded", async () =>
      (await bucketKeys(stream)).find((key) => numberOf(key) > lastRecorded),
    );
    await until(
      "the unrecorded segment deleted from the bucket",
      async () => !(await bucketKeys(stream)).includes(unrecorded),
      40_000,
    );

    // End live: the recording and its segments stay in the bucket, ended.
    await endBroadcast(app, db, { sessionId: scene.session, eventId: scene.event, stream });
    await until("the ended recording in the bucket", async () =>
      (await bucket.get(vodKey))?.toString().includes("#EXT-X-ENDLIST"),
    );
    expect((await findStream(db, stream.id))?.vodPlaybackUrl).toBeTruthy();
    const kept = await bucketKeys(stream);
    expect(kept.map(fileOf)).toEqual(expect.arrayContaining(["live.m3u8", "vod.m3u8"]));

    // Restart on a node with an empty media directory: the recording plays from the bucket.
    await app.server.close();
    ({ app, base } = await start());
    const { vodUrl } = await playback();
    const vod = await fetch(`${base}${vodUrl}`);
    expect(vod.status).toBe(200);
    expect(vod.headers.get("cache-control")).toBe("public, max-age=86400");
    const text = await vod.text();
    expect(text).toContain("#EXT-X-ENDLIST");
    const recorded = parsePlaylist(text);
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    expect(recorded.map((s) => s.uri)).not.toContain(fileOf(unrecorded));
    for (const segment of recorded) {
      expect(kept.map(fileOf)).toContain(segment.uri);
      // A private bucket's recording keeps relative names: each fetch is redirected to a fresh signature.
      const redirect = await fetch(`${base}${vodUrl?.replace("vod.m3u8", segment.uri)}`, {
        redirect: "manual",
      });
      expect(redirect.status).toBe(302);
      const location = redirect.headers.get("location") ?? "";
      expect(location.startsWith(s3.config.endpoint)).toBe(true);
      expect((await fetch(location)).status).toBe(200);
    }
  }, 120_000);

  it("behind a CDN (S3_PUBLIC_URL), playlists list the CDN's URLs, unguessable without the playlist", async () => {
    const cdn = "https://cdn.example.test/hls";
    const files = bucketMediaFiles({
      bucket: s3FileStorage({ ...s3.config, publicUrl: cdn }),
      mediaSecret: SECRET,
      isPublic: true,
      mediaDir: await testFilesDir(),
    });
    const [row] = await use().query<{ id: number }>(
      "SELECT id::int FROM video_session_streams WHERE video_session_id = $1 ORDER BY id DESC LIMIT 1",
      [scene.session],
    );
    const streamId = row?.id ?? 0;
    const vod = await files.read(scene.session, streamId, "vod.m3u8");
    if (vod?.kind !== "playlist") throw new Error("no recording");
    const prefix = streamKeyPrefix(SECRET, scene.session, streamId);
    expect(prefix).toMatch(new RegExp(`^media/sessions/${scene.session}/streams/${streamId}-[0-9a-f]{32}$`));
    for (const uri of referencedUris(vod.body))
      expect(uri).toMatch(new RegExp(`^${cdn}/${prefix}/live\\d+\\.ts$`));
    expect(streamKeyPrefix("another secret", scene.session, streamId)).not.toBe(prefix);
  });

  it("a reset removes the recording from the bucket: its playlist and segments answer 404", async () => {
    const { vodUrl, stream } = await playback();
    if (!stream || !vodUrl) throw new Error("no recording");
    const segments = parsePlaylist(await (await fetch(`${base}${vodUrl}`)).text()).map((s) => s.uri);
    expect(segments.length).toBeGreaterThan(0);
    const segmentUrls = segments.map((uri) => `${base}${vodUrl.replace("vod.m3u8", uri)}`);
    const signed = (await fetch(segmentUrls[0] ?? "", { redirect: "manual" })).headers.get("location") ?? "";
    expect((await fetch(signed)).status).toBe(200);

    // The scene's clients speak to the app before the restart: the host's is made afresh.
    const host = await clientOf(app.server, use(), scene.people.host.userId);
    const reset = await host.post("/api/video-session/reset-session", {
      video_session_id: scene.session,
      event_id: scene.event,
    });
    expect(reset.statusCode).toBe(200);
    await until("the bucket emptied", async () => (await bucketKeys(stream)).length === 0);
    expect((await fetch(`${base}${vodUrl}`)).status).toBe(404);
    for (const url of segmentUrls) expect((await fetch(url, { redirect: "manual" })).status).toBe(404);
    // A segment's signed bucket URL handed out before the reset finds nothing either.
    expect((await fetch(signed)).status).toBe(404);
    expect((await playback()).vodUrl).toBeNull();
  });
});
