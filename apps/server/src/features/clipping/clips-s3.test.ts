import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Clip, ClipsResponse } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { App } from "../../app";
import { streamKeyPrefix, unsignedUrl } from "../../media/hls-paths";
import { s3FileStorage } from "../../platform/storage/s3";
import { buildTestApp, testFilesDir } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { eventually } from "../../testing/payments";
import { type RoomScene, roomScene } from "../../testing/room-scene";
import { startS3Server } from "../../testing/s3-server";
import { recordHls } from "../../testing/videos/recording";

// Issue 26 §1 with S3_*: the recording is read from the bucket the HLS mirror filled (only the segments
// the range touches), and the clip and its thumbnail go to the bucket; the download is a signed URL
// that saves the file as '{title}.mp4'.

const SECRET = "clips-s3-test-secret-0123456789abcdef";

describeOnPostgres("a clip of a recording on object storage (s3rver)", (use) => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: App;
  let s: RoomScene;
  let local = "";

  beforeAll(async () => {
    s3 = await startS3Server();
    local = await testFilesDir();
    // Each node's disk is empty: the recording is only in the bucket.
    app = await buildTestApp(use(), { mediaDir: await testFilesDir(), mediaSecret: SECRET, s3: s3.config });
    s = await roomScene(app.server, use());
    const [row] = await use().query<{ id: number }>(
      `INSERT INTO video_session_streams (video_session_id, active_state, is_recording, vod_playback_url)
       VALUES ($1, 'ended', false, '') RETURNING id::int`,
      [s.session],
    );
    const streamId = row?.id ?? 0;
    await use().query("UPDATE video_session_streams SET vod_playback_url = $2 WHERE id = $1", [
      streamId,
      unsignedUrl(s.session, streamId, "vod.m3u8"),
    ]);
    await recordHls(local, 20);
    const bucket = s3FileStorage(s3.config);
    const prefix = streamKeyPrefix(SECRET, s.session, streamId);
    // Only the playlist and the segments a clip of 12.5-16 s touches: nothing else is read.
    const touched = ["vod.m3u8", "seg012.ts", "seg013.ts", "seg014.ts", "seg015.ts"];
    for (const name of (await readdir(local)).filter((n) => touched.includes(n))) {
      await bucket.put(
        `${prefix}/${name}`,
        await readFile(path.join(local, name)),
        "application/octet-stream",
      );
    }
  }, 60_000);
  afterAll(async () => {
    await app?.server.close();
    await s3?.close();
    await rm(local, { recursive: true, force: true });
  });

  test("the clip is cut from the bucket's segments and stored there; its download is a signed URL naming the file", async () => {
    const host = s.people.host.client;
    const res = await host.post("/api/clips", {
      video_session_id: s.session,
      event_id: s.event,
      title: "From the bucket",
      start_time: 12.5,
      end_time: 16,
    });
    expect(res.statusCode).toBe(200);
    const { id, slug } = (res.json() as { clip: Clip }).clip;
    const list = async () =>
      ((await host.get(`/api/clips?video_session_id=${s.session}`)).json() as ClipsResponse).clips;
    await eventually(async () => (await list())[0]?.render.state === "ready", 30_000);
    const [clip] = await list();
    expect(clip).toMatchObject({
      id,
      videoUrl: `/files/clips/${slug}.mp4`,
      thumbnailUrl: `/files/clips/${slug}.jpg`,
    });
    const bucket = s3FileStorage(s3.config);
    expect((await bucket.get(`clips/${slug}.mp4`))?.length).toBeGreaterThan(10_000);
    const file = await s.visitor.get(`/api/clip/${slug}/file`);
    expect(file.statusCode).toBe(302);
    const signed = new URL(String(file.headers.location));
    expect(signed.searchParams.get("response-content-disposition")).toBe(
      `attachment; filename="From the bucket.mp4"; filename*=UTF-8''From%20the%20bucket.mp4`,
    );
    const fetched = await fetch(signed);
    expect(fetched.headers.get("content-disposition")).toContain('filename="From the bucket.mp4"');
    expect((await fetched.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  }, 60_000);
});
