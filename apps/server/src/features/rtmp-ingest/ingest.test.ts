import { existsSync } from "node:fs";
import { readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { LiveStream, PlaybackResponse, StreamLiveStreamResponse } from "@onstage/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app";
import { parsePlaylist } from "../../media/playlists";
import { TEST_PUBLIC_URL } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { until } from "../../testing/media";
import type { RoomScene } from "../../testing/room-scene";
import { decode, ingestProcesses, listening, push, rtmpApp, rtmpSession } from "../../testing/rtmp-encoder";

/**
 * The ffmpeg runs writing under `dir` (this suite's media directory): the ingest's, none of the encoders'.
 * The ingest's run in the stream's folder with relative paths.
 */
async function ffmpegsWriting(dir: string): Promise<string[]> {
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  const runs = await Promise.all(
    pids.map(async (pid) => ({
      args: await readFile(`/proc/${pid}/cmdline`, "utf8").then(
        (c) => c.split("\0"),
        () => [],
      ),
      cwd: await readlink(`/proc/${pid}/cwd`).catch(() => ""),
    })),
  );
  return runs
    .filter(
      ({ args, cwd }) =>
        path.basename(args[0] ?? "") === "ffmpeg" &&
        (cwd.startsWith(dir) || args.some((arg) => arg.includes(dir))),
    )
    .map(({ args }) => args.join(" "));
}

describeOnPostgres("RTMP ingest (issue 13 §1, §3)", (use) => {
  let app: App;
  let port: number;
  let mediaDir: string;

  beforeAll(async () => {
    ({ app, port, mediaDir } = await rtmpApp(use(), { captions: { enabled: true, delayMs: 0 } }));
    // Issue 14 §5: a started server runs no ingest process; the first connection (this probe) starts it.
    expect(await ingestProcesses()).toEqual([]);
    await until("the RTMP listener", () => listening(port), 10_000);
    await until("the ingest process", async () => (await ingestProcesses()).length === 1);
  });
  afterAll(async () => {
    expect(await ingestProcesses()).toHaveLength(1);
    await app?.server.close();
    expect(await ffmpegsWriting(mediaDir)).toEqual([]);
    expect(await ingestProcesses()).toEqual([]);
  });

  const media = async (url: string) => {
    const res = await app.server.inject({ url });
    return res.statusCode === 200 ? res.rawPayload : null;
  };
  const mediaText = async (url: string) => (await media(url))?.toString("utf8") ?? "";
  /** A URL listed in the playlist at `url`, as the player resolves it. */
  const resolve = (uri: string, url: string) => new URL(uri, `http://x${url}`).pathname;
  /** The first variant of the master playlist at `url`. */
  const firstVariant = async (url: string) => {
    const master = await until(`the master ${url}`, () => mediaText(url));
    const variant = master.split("\n").find((line) => line && !line.startsWith("#"));
    return resolve(variant ?? "", url);
  };
  /** The first segment of the media playlist at `url`, fetched by its URL. */
  const segmentOf = async (url: string) => {
    const listed = await until(`segments in ${url}`, async () => parsePlaylist(await mediaText(url)));
    const [segment] = listed;
    if (!segment) throw new Error("no segment");
    const bytes = await media(resolve(segment.uri, url));
    if (!bytes) throw new Error(`no ${segment.uri}`);
    return bytes;
  };
  /** A segment of the stream whose master is at `url` (its first variant). */
  const firstSegment = async (url: string) => segmentOf(await firstVariant(url));
  /** The first part of the LL-HLS playlist at `url` behind its initialisation section: playable alone. */
  const firstPart = async (url: string) => {
    const text = await until(`parts in ${url}`, async () => {
      const t = await mediaText(url);
      return t.includes("#EXT-X-PART:") ? t : null;
    });
    const uri = (pattern: RegExp) => resolve(pattern.exec(text)?.[1] ?? "", url);
    const init = await media(uri(/#EXT-X-MAP:URI="([^"]+)"/));
    const part = await media(uri(/#EXT-X-PART:[^\n]*URI="([^"]+)"/));
    if (!init || !part) throw new Error(`no init section or part in ${url}`);
    return Buffer.concat([init, part]);
  };
  /** Issue 27 §2: a reload blocking on the preload hint's part answers once the playlist lists it. */
  const blockingReload = async (url: string) => {
    const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="s(\d+)-p(\d+)\.m4s"/.exec(await mediaText(url));
    expect(hint).not.toBeNull();
    const [, msn, part] = hint ?? [];
    const answer = await mediaText(`${url}?_HLS_msn=${msn}&_HLS_part=${part}`);
    expect(answer).toContain(`URI="s${msn}-p${part}.m4s"`);
  };
  /** The standard master beside an RTMP stream's LL-HLS one. */
  const standardOf = (llMasterUrl: string) => llMasterUrl.replace(/\/ll-master\.m3u8$/, "/master.m3u8");

  const rtmpScene = (broadcastType: "rtmp" | "rtmp-native") => rtmpSession(app, use(), broadcastType);
  const status = async (s: RoomScene) =>
    LiveStream.parse(
      (await s.people.owner.client.get(`/api/mux/livestream?video_session_id=${s.session}`)).json(),
    ).status;
  const previewOf = async (s: RoomScene, stream: LiveStream, key = stream.stream_key) =>
    StreamLiveStreamResponse.parse(
      (
        await s.people.owner.client.post("/api/mux/livestream/stream", {
          liveStreamId: stream.id,
          streamKey: key,
        })
      ).json(),
    );
  /** Go live, the countdown skipped (the stream opened a minute ago by the database's clock). */
  async function goLive(s: RoomScene) {
    const res = await s.people.owner.client.post("/api/video-session/update-video-session", {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      is_recording: true,
    });
    expect(res.statusCode).toBe(200);
    await use().query(
      "UPDATE video_session_streams SET created_at = now() - interval '1 minute' WHERE video_session_id = $1",
      [s.session],
    );
  }
  const moveTo = (s: RoomScene, state: string) =>
    s.people.owner.client.post("/api/video-session/update-video-session", {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: state,
    });
  const toggleCaptions = async (s: RoomScene, stream: LiveStream, showCaptions: boolean) => {
    const res = await s.people.owner.client.post("/api/mux/livestream/toggle-captions", {
      liveStreamId: stream.id,
      showCaptions,
    });
    expect(LiveStream.parse(res.json()).show_captions).toBe(showCaptions);
  };
  const viewerPlayback = async (s: RoomScene) =>
    PlaybackResponse.parse(
      (await s.people.guest.client.get(`/api/video-session/playback?video_session_id=${s.session}`)).json(),
    );

  it("rtmp-native: wrong and rotated keys refused; preview, go live, slate, end: nothing left running", async () => {
    const { s, stream } = await rtmpScene("rtmp-native");
    const sessionDir = path.join(mediaDir, `sessions/${s.session}`);

    expect(await push(port, "not-the-key", 3).exited).not.toBe(0);
    expect(existsSync(sessionDir)).toBe(false);

    // Greenroom: the host's preview, signed apart from viewers' URLs; gone when the encoder leaves.
    const short = push(port, stream.stream_key, 4);
    await until("active", async () => (await status(s)) === "active");
    const { previewUrl } = await previewOf(s, stream);
    expect(previewUrl).toMatch(/^\/media\/[\w.-]+\/sessions\/\d+\/preview\/master\.m3u8$/);
    expect(await decode(await firstSegment(previewUrl ?? ""))).toEqual({ width: 640, height: 360 });
    expect(await short.exited).toBe(0);
    await until("idle", async () => (await status(s)) === "idle");
    await until("no ffmpeg", async () => (await ffmpegsWriting(sessionDir)).length === 0);

    // Broadcasting: viewers play the live stream through their signed playback URLs.
    const encoder = push(port, stream.stream_key, 120);
    await until("active again", async () => (await status(s)) === "active");
    await goLive(s);
    const playback = await until("on air", async () => {
      const p = await viewerPlayback(s);
      return p.liveUrl ? p : null;
    });
    // Issue 27 §2: viewers get the LL-HLS master; the standard one (the recording's HLS) goes on beside it.
    expect(playback.liveUrl).toMatch(/\/streams\/\d+\/ll-master\.m3u8$/);
    const llUrl = await firstVariant(playback.liveUrl ?? "");
    expect(llUrl).toMatch(/\/streams\/\d+\/ll\.m3u8$/);
    expect(await decode(await firstPart(llUrl))).toEqual({ width: 640, height: 360 });
    await blockingReload(llUrl);
    const standard = standardOf(playback.liveUrl ?? "");
    expect(await mediaText(standard)).not.toContain("SUBTITLES");
    expect(await decode(await firstSegment(standard))).toEqual({ width: 640, height: 360 });
    // The streamer view now watches the live stream's own files.
    expect((await previewOf(s, stream)).previewUrl).toMatch(/\/streams\/\d+\/master\.m3u8$/);
    const vodUrl = await until("a recording", async () => (await viewerPlayback(s)).vodUrl);
    expect(parsePlaylist(await mediaText(vodUrl)).length).toBeGreaterThan(0);

    // A rotated key puts the encoder out and is refused; the slate holds the stream meanwhile.
    const rotated = LiveStream.parse(
      (
        await s.people.owner.client.post("/api/mux/livestream/reset-stream-key", { liveStreamId: stream.id })
      ).json(),
    );
    await encoder.exited;
    expect(await push(port, stream.stream_key, 3).exited).not.toBe(0);
    await until("the slate", async () => (await ffmpegsWriting(sessionDir)).some((a) => a.includes("lavfi")));
    expect(await status(s)).toBe("idle");
    // The slate's run follows a discontinuity with its own initialisation section.
    await until("the slate's LL-HLS", async () => (await mediaText(llUrl)).includes('URI="init1.mp4"'));

    const back = push(port, rotated.stream_key, 120);
    await until("back", async () => (await status(s)) === "active");
    // Spec 2 §4: RTMP-native end sets the session and the stream to ended; everything closes.
    expect((await moveTo(s, "ended")).statusCode).toBe(200);
    expect(await back.exited).not.toBeUndefined();
    await until("no ffmpeg", async () => (await ffmpegsWriting(sessionDir)).length === 0);
    const ended = await viewerPlayback(s);
    expect(ended.stream?.activeState).toBe("ended");
    // The ingest closes the recording after its ffmpeg ended, and the media route keeps a playlist a
    // quarter second: a viewer sees the end within moments (a loaded CI machine read it just before).
    await until("the recording closed", async () =>
      (await mediaText(ended.vodUrl ?? "")).includes("#EXT-X-ENDLIST"),
    );
    expect(await mediaText(llUrl)).toContain("#EXT-X-ENDLIST");
    expect(await push(port, rotated.stream_key, 3).exited).not.toBe(0);
  }, 180_000);

  it("rtmp: a 1080p source becomes a 1080p/720p/360p ladder behind a master playlist, recorded as one", async () => {
    const { s, stream } = await rtmpScene("rtmp");
    const sessionDir = path.join(mediaDir, `sessions/${s.session}`);
    const encoder = push(port, stream.stream_key, 120, "1920x1080", 15);
    await until("active", async () => (await status(s)) === "active", 60_000);
    await goLive(s);
    const { liveUrl } = await until(
      "on air",
      async () => {
        const p = await viewerPlayback(s);
        return p.liveUrl ? p : null;
      },
      60_000,
    );
    // Issue 27 §2: an LL-HLS master of the rungs' LL-HLS playlists, each packaged from its own pipe.
    expect(liveUrl).toMatch(/\/ll-master\.m3u8$/);
    const variantsOf = (master: string) => master.split("\n").filter((line) => line && !line.startsWith("#"));
    const llMaster = await mediaText(liveUrl ?? "");
    expect(variantsOf(llMaster)).toEqual(["1080p/ll.m3u8", "720p/ll.m3u8", "360p/ll.m3u8"]);
    expect(llMaster).toContain("RESOLUTION=1920x1080");
    const llLow = resolve("360p/ll.m3u8", liveUrl ?? "");
    expect(await decode(await firstPart(resolve("1080p/ll.m3u8", liveUrl ?? "")))).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(await decode(await firstPart(llLow))).toEqual({ width: 640, height: 360 });
    await blockingReload(llLow);

    const standard = standardOf(liveUrl ?? "");
    const master = await mediaText(standard);
    const variants = variantsOf(master);
    expect(variants).toEqual(["1080p/live.m3u8", "720p/live.m3u8", "360p/live.m3u8"]);
    expect(master).toContain("RESOLUTION=1920x1080");
    const low = resolve(variants[2] ?? "", standard);
    expect(await decode(await segmentOf(low))).toEqual({ width: 640, height: 360 });
    expect(master).not.toContain("SUBTITLES");

    // Captions shown: every variant joins the subtitle group, whose playlist follows the 720p variant.
    // New viewers get the standard master (the captions are timed to its segments).
    await toggleCaptions(s, stream, true);
    const captioned = await until("the subtitle group", async () => {
      const text = await mediaText(standard);
      return text.includes("SUBTITLES") ? text : null;
    });
    expect(captioned.match(/SUBTITLES="subs"/g)).toHaveLength(3);
    expect((await viewerPlayback(s)).liveUrl).toMatch(/\/streams\/\d+\/master\.m3u8$/);
    expect(await mediaText(liveUrl ?? "")).not.toContain("SUBTITLES");
    const captionsUrl = resolve("captions.m3u8", standard);
    await until("WebVTT segments", async () => parsePlaylist(await mediaText(captionsUrl)).length > 0);

    expect((await moveTo(s, "postevent")).statusCode).toBe(200);
    await encoder.exited;
    await until("no ffmpeg", async () => (await ffmpegsWriting(sessionDir)).length === 0);
    const { vodUrl } = await viewerPlayback(s);
    const vodMaster = await mediaText(vodUrl ?? "");
    expect(vodMaster).toContain("1080p/vod.m3u8");
    expect(vodMaster).toContain('URI="captions-vod.m3u8"');
    // Written once the pipeline has ended its playlists (the ffmpeg runs are gone a moment before).
    const vodCaptions = await until("the recording's captions", () =>
      mediaText(resolve("captions-vod.m3u8", vodUrl ?? "")),
    );
    expect(vodCaptions).toContain("#EXT-X-ENDLIST");
    const vod1080 = resolve("1080p/vod.m3u8", vodUrl ?? "");
    expect(await mediaText(vod1080)).toContain("#EXT-X-ENDLIST");
  }, 180_000);

  it("captions: a captioner's line reaches viewers as WebVTT while the host shows captions", async () => {
    const { s, stream } = await rtmpScene("rtmp-native");
    expect(stream.captions_available).toBe(true);
    const sessionDir = path.join(mediaDir, `sessions/${s.session}`);
    const toggle = (showCaptions: boolean) => toggleCaptions(s, stream, showCaptions);
    const source = await s.people.owner.client.post("/api/captions/source", { video_session_id: s.session });
    const captionUrl = (source.json() as { captionUrl: string }).captionUrl;
    await toggle(true);
    const encoder = push(port, stream.stream_key, 60);
    await until("active", async () => (await status(s)) === "active");
    await goLive(s);
    const { liveUrl } = await until("on air", async () => {
      const p = await viewerPlayback(s);
      return p.liveUrl ? p : null;
    });
    // A captioned stream's viewers get its standard master: the captions are timed to those segments.
    expect(liveUrl).toMatch(/\/streams\/\d+\/master\.m3u8$/);
    const masterUrl = liveUrl ?? "";
    const master = await until("the subtitle group", async () => {
      const text = await mediaText(masterUrl);
      return text.includes('TYPE=SUBTITLES,GROUP-ID="subs"') ? text : null;
    });
    expect(master).toContain('URI="captions.m3u8"');
    expect(master).toContain('#EXT-X-STREAM-INF:BANDWIDTH=4628000,SUBTITLES="subs"\nlive.m3u8');

    const line = await app.server.inject({
      method: "POST",
      url: `${captionUrl.slice(TEST_PUBLIC_URL.length)}&seq=1&lang=en-US`,
      headers: { "content-type": "text/plain; charset=utf-8" },
      payload: "Welcome to the show",
    });
    expect(line.json()).toEqual({ accepted: true });
    const captionsUrl = resolve("captions.m3u8", masterUrl);
    await until(
      "the line in a WebVTT segment",
      async () => {
        const vtts = parsePlaylist(await mediaText(captionsUrl)).map((segment) => segment.uri);
        const texts = await Promise.all(vtts.map((uri) => mediaText(resolve(uri, captionsUrl))));
        return texts.some((text) => text.startsWith("WEBVTT") && text.includes("Welcome to the show"));
      },
      15_000,
    );

    // Hidden: viewers' master loses the group (the WebVTT files go on being written, for the recording).
    await toggle(false);
    await until("no subtitle group", async () => !(await mediaText(masterUrl)).includes("SUBTITLES"));

    expect((await moveTo(s, "ended")).statusCode).toBe(200);
    await encoder.exited;
    await until("no ffmpeg", async () => (await ffmpegsWriting(sessionDir)).length === 0);
    const vodCaptions = await until("the recording's captions", () =>
      mediaText(resolve("captions-vod.m3u8", masterUrl)),
    );
    expect(vodCaptions).toContain("#EXT-X-ENDLIST");
  }, 120_000);
});
