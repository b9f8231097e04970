import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { LiveStream, PlaybackResponse } from "@onstage/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app";
import { parsePlaylist } from "../../media/playlists";
import { s3FileStorage } from "../../platform/storage/s3";
import { buildTestApp } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { freePort } from "../../testing/free-port";
import { until } from "../../testing/media";
import { roomScene } from "../../testing/room-scene";
import { decode, listening, push } from "../../testing/rtmp-encoder";
import { startS3Server } from "../../testing/s3-server";

// Issue 13 §4 for RTMP: with S3_* set, an encoder's live stream is copied to the bucket like the
// program feed's, and viewers fetch its segments from there.

describeOnPostgres("RTMP ingest on object storage (s3rver)", (use) => {
  let app: App;
  let port: number;
  let mediaDir: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  beforeAll(async () => {
    s3 = await startS3Server();
    port = await freePort();
    mediaDir = await mkdtemp(path.join(tmpdir(), "onstage-rtmp-s3-"));
    app = await buildTestApp(use(), {
      ffmpegPath: "ffmpeg",
      mediaDir,
      rtmp: { host: "127.0.0.1", port },
      s3: s3.config,
    });
    await until("the RTMP listener", () => listening(port), 10_000);
  });
  afterAll(async () => {
    await app?.server.close();
    await s3?.close();
  });

  it("rtmp-native: the live segments are fetched from the bucket, and the recording stays there", async () => {
    const s = await roomScene(app.server, use(), {
      session: { state: "greenroom", broadcast_type: "rtmp-native" },
    });
    const owner = s.people.owner.client;
    const stream = LiveStream.parse(
      (await owner.post("/api/mux/livestream/create", { video_session_id: s.session })).json(),
    );
    const encoder = push(port, stream.stream_key, 120);
    await until("active", async () => {
      const res = await owner.get(`/api/mux/livestream?video_session_id=${s.session}`);
      return LiveStream.parse(res.json()).status === "active";
    });
    const live = await owner.post("/api/video-session/update-video-session", {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      is_recording: true,
    });
    expect(live.statusCode).toBe(200);
    await use().query(
      "UPDATE video_session_streams SET created_at = now() - interval '1 minute' WHERE video_session_id = $1",
      [s.session],
    );
    const playback = async () =>
      PlaybackResponse.parse(
        (await s.people.guest.client.get(`/api/video-session/playback?video_session_id=${s.session}`)).json(),
      );
    const { liveUrl } = await until(
      "on air",
      async () => {
        const p = await playback();
        return p.liveUrl ? p : null;
      },
      30_000,
    );
    // Issue 27 §2: viewers get the LL-HLS master, its playlist through the app, its parts from the bucket.
    expect(liveUrl).toMatch(/\/ll-master\.m3u8$/);
    expect((await app.server.inject({ url: liveUrl ?? "" })).body).toContain("\nll.m3u8");
    const lowLatency = new URL("ll.m3u8", `http://x${liveUrl}`).pathname;
    const part = await until("a part", async () => {
      const text = (await app.server.inject({ url: lowLatency })).body;
      return /#EXT-X-PART:.*URI="([^"]+)"/.exec(text)?.[1];
    });
    const redirect = await app.server.inject({ url: new URL(part, `http://x${lowLatency}`).pathname });
    expect(redirect.statusCode).toBe(302);
    expect((await fetch(redirect.headers.location ?? "")).status).toBe(200);
    // rtmp-native's master lists its one playlist, which comes through the app (the token checked).
    const media = new URL("live.m3u8", `http://x${liveUrl}`).pathname;
    const [segment] = await until("segments", async () => {
      const listed = parsePlaylist((await app.server.inject({ url: media })).body);
      return listed.length > 0 ? listed : null;
    });
    // Its segments come from the bucket, signed.
    expect(segment?.uri.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/media/sessions/`)).toBe(true);
    const bytes = Buffer.from(await (await fetch(segment?.uri ?? "")).arrayBuffer());
    expect(await decode(bytes)).toEqual({ width: 640, height: 360 });

    expect(
      (
        await owner.post("/api/video-session/update-video-session", {
          video_session_id: s.session,
          event_id: s.event,
          video_session_state: "ended",
        })
      ).statusCode,
    ).toBe(200);
    await encoder.exited;
    // The playlist went up while live; its ended version follows ffmpeg's exit, once the ingest process
    // has ended the playlists and its mirror has uploaded them. Only then may this node's copy go: the
    // mirror reads what it uploads from the directory.
    await until("the recording ended in the bucket", async () => {
      const bucket = s3FileStorage(s3.config);
      const keys = await bucket.list(`media/sessions/${s.session}/`);
      const vod = keys.find((key) => key.endsWith("/vod.m3u8"));
      return vod && (await bucket.get(vod))?.toString().includes("#EXT-X-ENDLIST");
    });
    await rm(path.join(mediaDir, `sessions/${s.session}`), { recursive: true, force: true });
    // This node's copy gone, the recording still plays from the bucket.
    const vod = await until("the ended recording's playlist", async () => {
      const { vodUrl } = await playback();
      const body = (await app.server.inject({ url: vodUrl ?? "" })).body;
      return body.includes("#EXT-X-ENDLIST") ? body : null;
    });
    expect(parsePlaylist(vod).length).toBeGreaterThan(0);
  }, 120_000);
});
