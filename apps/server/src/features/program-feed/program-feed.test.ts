import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { GO_LIVE_COUNTDOWN_START_SECONDS, PlaybackResponse, type SessionStream } from "@onstage/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { App } from "../../app";
import { findStream, openStream } from "../../kernel/broadcast/streams";
import { LIVE_PLAYLIST, VOD_PLAYLIST } from "../../media/ffmpeg-args";
import { signedUrl, streamDir, unsignedUrl } from "../../media/hls-paths";
import { mediaToken } from "../../media/playback-tokens";
import { parsePlaylist } from "../../media/playlists";
import type { Database } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import { buildTestApp, signedIn, TEST_PUBLIC_URL, testFilesDir } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import {
  type CompositorClient,
  childProcesses,
  endBroadcast,
  openCompositor,
  RefusedUpgrade,
  sendRecording,
  until,
  webmRecording,
} from "../../testing/media";
import { type RoomScene, roomScene, topicMessages } from "../../testing/room-scene";

const SECRET = "program-feed-test-secret-0123456789abcdef";

const readText = (file: string) => readFile(file, "utf8").catch(() => "");

/** This test process's media processes (program-feed/media-entry.mjs). */
const mediaProcesses = () => childProcesses("media-entry");

describeOnPostgres("program feed", (use) => {
  let app: App;
  let base: string;
  let mediaDir: string;
  let scene: RoomScene;
  let recording: Buffer;
  const cookieOf = async (userId: number) => (await signedIn(use(), userId)).cookie;

  beforeAll(async () => {
    mediaDir = await testFilesDir();
    app = await buildTestApp(use(), {
      mediaDir,
      mediaSecret: SECRET,
    });
    base = await app.server.listen({ port: 0, host: "127.0.0.1" });
    scene = await roomScene(app.server, use());
    recording = await webmRecording(8);
  });
  afterAll(async () => {
    await app?.server.close();
  });

  const goLive = (db: Database, sessionId: number, isRecording = true) =>
    withOutbox(db, app.realtime.realtime, (tx, outbox) => openStream(tx, outbox, sessionId, isRecording));
  const host = async (sessionId = scene.session) =>
    openCompositor(base, sessionId, {
      cookie: await cookieOf(scene.people.host.userId),
      origin: TEST_PUBLIC_URL,
    });

  describe("the compositor socket refuses", () => {
    const refusal = (opening: Promise<CompositorClient>) =>
      opening.then(
        () => 101,
        (err) => (err instanceof RefusedUpgrade ? err.status : Promise.reject(err)),
      );

    it("everyone but a host-level viewer, a wrong origin, and a session without a live stream", async () => {
      const session = scene.session;
      expect(await refusal(openCompositor(base, session, { origin: TEST_PUBLIC_URL }))).toBe(401);
      for (const who of ["guest", "speaker", "moderator", "outsider"] as const) {
        const cookie = await cookieOf(scene.people[who].userId);
        expect(await refusal(openCompositor(base, session, { cookie, origin: TEST_PUBLIC_URL })), who).toBe(
          403,
        );
      }
      const cookie = await cookieOf(scene.people.host.userId);
      expect(await refusal(openCompositor(base, session, { cookie, origin: "http://evil.test" }))).toBe(403);
      expect(await refusal(openCompositor(base, session, { cookie }))).toBe(403);
      // Broadcasting, but nobody went live: no stream.
      expect(
        await refusal(openCompositor(base, scene.otherSession, { cookie, origin: TEST_PUBLIC_URL })),
      ).toBe(409);
      const greenroom = await scene.g.session(scene.event, { state: "greenroom" });
      await goLive(use(), greenroom);
      expect(await refusal(openCompositor(base, greenroom, { cookie, origin: TEST_PUBLIC_URL }))).toBe(409);
      expect(await refusal(openCompositor(base, 999_999, { cookie, origin: TEST_PUBLIC_URL }))).toBe(404);
      // An upgrade nobody serves is answered at once, not left open.
      const stray = new WebSocket(`${base.replace("http", "ws")}/api/elsewhere`, { origin: TEST_PUBLIC_URL });
      const strayStatus = await new Promise<number>((resolve) => {
        stray.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        stray.once("error", () => resolve(-1));
      });
      expect(strayStatus).toBe(404);
    });

    it("a first message that is not the hello", async () => {
      await goLive(use(), scene.otherSession);
      const client = await host(scene.otherSession);
      client.socket.send(JSON.stringify({ mimeType: "text/html" }));
      await client.waitFor("error");
      await until("close", async () => client.socket.readyState === client.socket.CLOSED);
    });
  });

  it("streams to HLS, records, keeps a slate while the compositor is away, and ends the recording", async () => {
    const db = use();
    const stream = await goLive(db, scene.session);
    const dir = streamDir(mediaDir, scene.session, stream.id);

    const first = await host();
    const sending = sendRecording(first, recording, 4);
    await first.waitFor("accepted");
    await first.waitFor("live");
    const live = parsePlaylist(await readText(`${dir}/${LIVE_PLAYLIST}`));
    expect(live.length).toBeGreaterThan(0);
    for (const segment of live) {
      expect(segment.tags.some((t) => t.startsWith("#EXT-X-PROGRAM-DATE-TIME:"))).toBe(true);
      expect(segment.duration).toBeGreaterThan(0.5);
      expect(segment.duration).toBeLessThan(1.6);
    }
    const onAir = (await findStream(db, stream.id)) as SessionStream;
    expect(onAir).toMatchObject({
      activeState: "recording",
      livePlaybackUrl: `/media/sessions/${scene.session}/streams/${stream.id}/live.m3u8`,
    });
    // Spec 2 §4: on air only once the go-live countdown is over, though segments came sooner.
    const [countdown] = await db.query<{ ms: number }>(
      `SELECT (EXTRACT(EPOCH FROM (broadcast_started_at - created_at)) * 1000)::float8 AS ms
         FROM video_session_streams WHERE id = $1`,
      [stream.id],
    );
    expect(countdown?.ms).toBeGreaterThanOrEqual(GO_LIVE_COUNTDOWN_START_SECONDS * 1_000);
    const published = await topicMessages(db, `session:${scene.session}`);
    expect(published.some((m) => (m.payload as SessionStream).activeState === "recording")).toBe(true);
    await until("the VOD URL", async () => (await findStream(db, stream.id))?.vodPlaybackUrl);

    // A second compositor takes over; the first is told and closed.
    await sending;
    const second = await host();
    second.socket.send(JSON.stringify({ mimeType: "video/webm;codecs=h264,opus" }));
    await first.waitFor("replaced");
    await second.waitFor("accepted");
    await second.waitFor("live");

    // The compositor leaves while broadcasting: the slate keeps segments coming after a discontinuity.
    const before = parsePlaylist(await readText(`${dir}/${LIVE_PLAYLIST}`)).at(-1)?.uri;
    second.socket.close();
    await until("slate segments", async () => {
      const segments = parsePlaylist(await readText(`${dir}/${LIVE_PLAYLIST}`));
      const after = segments.findIndex((s) => s.uri === before);
      return segments.slice(after + 1).filter((s) => !s.discontinuity).length >= 2;
    });

    // Recording paused for two segments, then resumed: the recording skips them.
    const newest = async () => parsePlaylist(await readText(`${dir}/${LIVE_PLAYLIST}`)).at(-1)?.uri;
    const pausedAt = await newest();
    app.lifecycle.emit("recording", { sessionId: scene.session, stream: { ...stream, isRecording: false } });
    await until("two unrecorded segments", async () => {
      const segments = parsePlaylist(await readText(`${dir}/${LIVE_PLAYLIST}`));
      return segments.length - segments.findIndex((s) => s.uri === pausedAt) > 3;
    });
    app.lifecycle.emit("recording", { sessionId: scene.session, stream: { ...stream, isRecording: true } });

    // A compositor comes back, then the session leaves broadcasting: everything ends.
    const third = await host();
    await sendRecording(third, recording, 2);
    // End live is the session state machine's; the test moves the session and tells the lifecycle.
    await endBroadcast(app, db, { sessionId: scene.session, eventId: scene.event, stream });
    await third.waitFor("ended");
    const vod = await until("the VOD's ENDLIST", async () => {
      const text = await readText(`${dir}/${VOD_PLAYLIST}`);
      return text.includes("#EXT-X-ENDLIST") && text;
    });
    const recorded = parsePlaylist(vod);
    const files = await readdir(dir);
    expect(recorded.length).toBeGreaterThanOrEqual(6);
    for (const segment of recorded) expect(files).toContain(segment.uri);
    expect(vod).toContain("#EXT-X-PLAYLIST-TYPE:EVENT");
    expect(vod).toContain("#EXT-X-DISCONTINUITY");
    const numbers = recorded.map((s) => Number(/\d+/.exec(s.uri)?.[0]));
    const skipped = numbers.slice(1).filter((n, i) => n - (numbers[i] ?? 0) > 1);
    expect(skipped.length).toBe(1);
    expect(await readText(`${dir}/${LIVE_PLAYLIST}`)).toContain("#EXT-X-ENDLIST");
  });

  it("serves LL-HLS while live: parts, blocking reloads, the hinted part held, each run after a discontinuity", async () => {
    const db = use();
    const sessionId = await scene.g.session(scene.event, { state: "broadcasting" });
    const stream = await goLive(db, sessionId);
    // Past the go-live countdown already: on air at the first segment.
    await db.query(
      "UPDATE video_session_streams SET created_at = created_at - interval '1 minute' WHERE id = $1",
      [stream.id],
    );
    const compositor = await host(sessionId);
    const sending = sendRecording(compositor, recording, 8);
    await compositor.waitFor("live", 30_000);
    const playback = await scene.people.guest.client.get(
      `/api/video-session/playback?video_session_id=${sessionId}`,
    );
    const liveUrl = PlaybackResponse.parse(playback.json()).liveUrl ?? "";
    expect(liveUrl).toMatch(
      new RegExp(`^/media/[^/]+/sessions/${sessionId}/streams/${stream.id}/ll\\.m3u8$`),
    );
    const get = (file: string, query = "") => fetch(`${base}${liveUrl.replace("ll.m3u8", file)}${query}`);

    const first = await get("ll.m3u8");
    expect(first.headers.get("cache-control")).toBe("public, max-age=1");
    const text = await first.text();
    expect(text).toContain("#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES");
    expect(text).toContain('#EXT-X-MAP:URI="init0.mp4"');
    const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="s(\d+)-p(\d+)\.m4s"/.exec(text);
    expect(hint).not.toBeNull();
    const [, msn, part] = hint as RegExpExecArray;
    // The hinted part is asked for before it exists, with a reload blocked until the playlist lists it.
    const [held, blocked] = await Promise.all([
      get(`s${msn}-p${part}.m4s`),
      get("ll.m3u8", `?_HLS_msn=${msn}&_HLS_part=${part}`),
    ]);
    expect(held.status).toBe(200);
    expect(held.headers.get("content-type")).toBe("video/iso.segment");
    expect(held.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await held.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect(blocked.headers.get("cache-control")).toBe("public, max-age=6");
    expect(await blocked.text()).toContain(`URI="s${msn}-p${part}.m4s"`);
    expect((await get("init0.mp4")).headers.get("content-type")).toBe("video/mp4");
    // Directives a player would not send are refused (RFC 8216bis §6.2.5.2).
    for (const query of ["?_HLS_part=0", `?_HLS_msn=${Number(msn) + 3}`, "?_HLS_msn=-1", "?_HLS_skip=NO"]) {
      expect((await get("ll.m3u8", query)).status, query).toBe(400);
    }

    // The compositor leaves: the slate's run follows a discontinuity, with its own init section.
    await sending;
    compositor.socket.close();
    await until("the slate's run", async () =>
      (await (await get("ll.m3u8")).text()).includes('#EXT-X-MAP:URI="init1.mp4"'),
    );
    const afterSlate = await (await get("ll.m3u8")).text();
    expect(afterSlate).toMatch(/#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="init1\.mp4"/);

    // End live: the playlist ends; the playback no longer offers it.
    await endBroadcast(app, db, { sessionId, eventId: scene.event, stream });
    await until("the LL playlist's end", async () =>
      (await (await get("ll.m3u8")).text()).includes("#EXT-X-ENDLIST"),
    );
  }, 60_000);

  describe("playback", () => {
    let stream: SessionStream;
    beforeAll(async () => {
      stream = (await findStream(use(), (await latestStreamId(use(), scene.session)) ?? 0)) as SessionStream;
    });

    it("gives a viewer the event admits signed URLs, the same for everyone in the window", async () => {
      const res = await scene.people.guest.client.get(
        `/api/video-session/playback?video_session_id=${scene.session}`,
      );
      expect(res.statusCode).toBe(200);
      const body = PlaybackResponse.parse(res.json());
      expect(body.stream?.id).toBe(stream.id);
      expect(body.fallbackUrl).toBeNull();
      expect(body.vodUrl).toMatch(
        new RegExp(`^/media/[^/]+/sessions/${scene.session}/streams/${stream.id}/vod\\.m3u8$`),
      );
      const other = await scene.people.host.client.get(
        `/api/video-session/playback?video_session_id=${scene.session}`,
      );
      expect(PlaybackResponse.parse(other.json()).vodUrl).toBe(body.vodUrl);
      expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);

      const playlist = await fetch(`${base}${body.vodUrl}`);
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get("content-type")).toContain("application/vnd.apple.mpegurl");
      expect(playlist.headers.get("cache-control")).toBe("public, max-age=86400");
      const segment = parsePlaylist(await playlist.text())[0]?.uri;
      const segmentUrl = `${base}${body.vodUrl?.replace("vod.m3u8", segment ?? "")}`;
      const got = await fetch(segmentUrl);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("video/mp2t");
      expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(got.headers.get("access-control-allow-origin")).toBe("*");
      expect(got.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      expect((await fetch(segmentUrl, { method: "HEAD" })).status).toBe(200);
      // The captions writer's files (features/captions) are served beside the segments.
      const dir = streamDir(mediaDir, scene.session, stream.id);
      await writeFile(`${dir}/live0.vtt`, "WEBVTT\n");
      await writeFile(`${dir}/captions.m3u8`, "#EXTM3U\n");
      const vtt = await fetch(`${base}${body.vodUrl?.replace("vod.m3u8", "live0.vtt")}`);
      expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
      expect(vtt.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const captions = await fetch(`${base}${body.vodUrl?.replace("vod.m3u8", "captions.m3u8")}`);
      expect(captions.headers.get("content-type")).toContain("application/vnd.apple.mpegurl");
    });

    it("refuses tampered, expired and other sessions' tokens, unknown files and path tricks", async () => {
      const path = `sessions/${scene.session}/streams/${stream.id}`;
      const now = new Date();
      const scope = { sessionId: scene.session, streamId: stream.id };
      const good = mediaToken(SECRET, scope, now).token;
      const status = async (url: string) => (await app.server.inject({ method: "GET", url })).statusCode;
      expect(await status(`/media/${good}/${path}/vod.m3u8`)).toBe(200);
      const tampered = `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`;
      expect(await status(`/media/${tampered}/${path}/vod.m3u8`)).toBe(403);
      const expired = mediaToken(SECRET, scope, new Date(now.getTime() - 30 * 60_000)).token;
      expect(await status(`/media/${expired}/${path}/vod.m3u8`)).toBe(403);
      const otherSession = mediaToken(SECRET, { ...scope, sessionId: scene.otherSession }, now).token;
      expect(await status(`/media/${otherSession}/${path}/vod.m3u8`)).toBe(403);
      // Issue 23 §2.3: a token names its stream; stream ids are sequential, so one opens no other.
      for (const streamId of [stream.id - 1, stream.id + 1, null]) {
        const otherStream = mediaToken(SECRET, { ...scope, streamId }, now).token;
        expect(await status(`/media/${otherStream}/${path}/vod.m3u8`), `stream ${streamId}`).toBe(403);
      }
      expect(await status(`/media/${mediaToken("another secret", scope, now).token}/${path}/vod.m3u8`)).toBe(
        403,
      );
      expect(await status(`/media/${good}/${path}/live999999.ts`)).toBe(404);
      expect(await status(`/media/${good}/${path}/..%2F..%2F..%2Fmedia-secret`)).toBe(404);
      // Dot segments never reach the media route (the router does not match them; the web app answers).
      const dotted = await app.server.inject({
        method: "GET",
        url: `/media/${good}/${path}/../../../../etc/passwd`,
      });
      expect(dotted.headers["content-type"]).not.toContain("mpegurl");
      expect(dotted.body).not.toContain("root:");
      expect(
        await status(`/media/${good}/sessions/${scene.session}/streams/${stream.id}%2F..%2F1/vod.m3u8`),
      ).toBe(404);
    });

    it("a reset removes the old streams' media: their URLs answer 404 and their files are gone", async () => {
      const db = use();
      const sessionId = await scene.g.session(scene.event, { state: "broadcasting" });
      const ended = await goLive(db, sessionId);
      const endedDir = streamDir(mediaDir, sessionId, ended.id);
      await mkdir(endedDir, { recursive: true });
      await writeFile(`${endedDir}/${VOD_PLAYLIST}`, "#EXTM3U\n#EXTINF:1.0,\nlive0.ts\n#EXT-X-ENDLIST\n");
      await writeFile(`${endedDir}/live0.ts`, Buffer.alloc(188));
      await db.query("UPDATE video_session_streams SET active_state = 'ended' WHERE id = $1", [ended.id]);
      // The live one is reset mid-broadcast: its pipeline ends first, then its files go.
      const stream = await goLive(db, sessionId);
      const dir = streamDir(mediaDir, sessionId, stream.id);
      const compositor = await host(sessionId);
      const sending = sendRecording(compositor, recording, 4);
      await compositor.waitFor("live", 30_000);
      const urls = [ended, stream].flatMap((s) => {
        const token = mediaToken(SECRET, { sessionId, streamId: s.id }, new Date()).token;
        const file = s === ended ? VOD_PLAYLIST : LIVE_PLAYLIST;
        return [file, "live0.ts"].map((name) => signedUrl(unsignedUrl(sessionId, s.id, name), token));
      });
      const status = async (url: string) => (await app.server.inject({ method: "GET", url })).statusCode;
      for (const url of urls) expect(await status(url), url).toBe(200);

      const reset = await scene.people.host.client.post("/api/video-session/reset-session", {
        video_session_id: sessionId,
        event_id: scene.event,
      });
      expect(reset.statusCode).toBe(200);
      await until("the files removed", async () => !existsSync(dir) && !existsSync(endedDir));
      for (const url of urls) expect(await status(url), url).toBe(404);
      await sending;
      // Nothing the pipeline wrote on its way out comes back.
      expect(await mediaProcesses()).toHaveLength(1);
      expect(existsSync(dir)).toBe(false);
      const playback = await scene.people.guest.client.get(
        `/api/video-session/playback?video_session_id=${sessionId}`,
      );
      expect(PlaybackResponse.parse(playback.json())).toMatchObject({
        stream: null,
        vodUrl: null,
        liveUrl: null,
      });
    }, 60_000);

    it("refuses the playback URLs to viewers the event does not admit", async () => {
      const url = `/api/video-session/playback?video_session_id=${scene.session}`;
      expect((await scene.visitor.get(url)).statusCode).toBe(401);
      expect((await scene.people.outsider.client.get(url)).statusCode).toBe(403);
      await scene.g.ban(scene.people.otherGuest.userId, scene.channel);
      expect((await scene.people.otherGuest.client.get(url)).statusCode).toBe(403);
    });
  });
});

async function latestStreamId(db: Database, sessionId: number): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    "SELECT id::int FROM video_session_streams WHERE video_session_id = $1 ORDER BY id DESC LIMIT 1",
    [sessionId],
  );
  return row?.id;
}
