import { LiveStream } from "@onstage/domain";
import { expect, test } from "vitest";
import { markStreamOnAir, openStream } from "../../kernel/broadcast/streams";
import { unsignedUrl } from "../../media/hls-paths";
import { withOutbox } from "../../platform/realtime/outbox";
import { useTestApp } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { errorCode, roleMatrixClients, roomScene } from "../../testing/room-scene";

const CREATE = "/api/mux/livestream/create";

describeOnPostgres("the live stream calls (spec 2 §7 /api/mux/livestream/*)", (use) => {
  const app = useTestApp(use);
  const scene = (broadcastType = "rtmp") =>
    roomScene(app().server, use(), { session: { state: "greenroom", broadcast_type: broadcastType } });

  test("create makes a long random key once; get, toggle-captions, reset and stop keep to the contract", async () => {
    const s = await scene();
    const owner = s.people.owner.client;
    const created = await owner.post(CREATE, { video_session_id: s.session });
    expect(created.statusCode).toBe(200);
    const stream = LiveStream.parse(created.json());
    expect(stream).toMatchObject({
      status: "idle",
      server_url: "rtmp://onstage.test:1935/live",
      show_captions: false,
      captions_available: false,
    });
    expect(stream.stream_key).toMatch(/^[\w-]{43}$/);
    expect(stream.playback_ids).toEqual([{ id: stream.id, policy: "signed" }]);
    // The same stream on every call.
    expect((await owner.post(CREATE, { video_session_id: s.session })).json()).toEqual(stream);
    expect((await owner.get(`/api/mux/livestream?video_session_id=${s.session}`)).json()).toEqual(stream);

    const captions = await owner.post("/api/mux/livestream/toggle-captions", {
      liveStreamId: stream.id,
      showCaptions: true,
    });
    expect(captions.json()).toMatchObject({ show_captions: true, stream_key: stream.stream_key });

    const reset = await owner.post("/api/mux/livestream/reset-stream-key", { liveStreamId: stream.id });
    const rotated = LiveStream.parse(reset.json());
    expect(rotated.id).toBe(stream.id);
    expect(rotated.stream_key).not.toBe(stream.stream_key);
    const stale = await owner.post("/api/mux/livestream/stream", {
      liveStreamId: stream.id,
      streamKey: stream.stream_key,
    });
    expect([stale.statusCode, errorCode(stale)]).toEqual([409, "stream_key_changed"]);
    const preview = await owner.post("/api/mux/livestream/stream", {
      liveStreamId: stream.id,
      streamKey: rotated.stream_key,
    });
    // Nothing is publishing: no preview yet.
    expect(preview.json()).toMatchObject({ previewUrl: null, envKey: null });

    const stopped = await owner.post("/api/mux/livestream/stop", { liveStreamId: stream.id });
    expect(stopped.json()).toMatchObject({ status: "disabled" });
    // Create again takes encoders again, with the same key.
    expect((await owner.post(CREATE, { video_session_id: s.session })).json()).toMatchObject({
      status: "idle",
      stream_key: rotated.stream_key,
    });
  });

  test("only the channel's (or event's) owner and admin ever see a key", async () => {
    const s = await scene("rtmp-native");
    const clients = await roleMatrixClients(s, "admin");
    const { id, stream_key } = (
      await s.people.owner.client.post(CREATE, { video_session_id: s.session })
    ).json();
    const calls = [
      (c: ReturnType<typeof clients>) => c.post(CREATE, { video_session_id: s.session }),
      (c: ReturnType<typeof clients>) => c.get(`/api/mux/livestream?video_session_id=${s.session}`),
      (c: ReturnType<typeof clients>) =>
        c.post("/api/mux/livestream/stream", { liveStreamId: id, streamKey: stream_key }),
      (c: ReturnType<typeof clients>) =>
        c.post("/api/mux/livestream/toggle-captions", { liveStreamId: id, showCaptions: true }),
    ];
    const matrix = [
      { who: "visitor", want: 401 },
      { who: "guest", want: 403 },
      { who: "outsider", want: 403 },
      { who: "speaker", want: 403 },
      { who: "moderator", want: 403 },
      { who: "host", want: 403 },
      { who: "member", want: 403 },
      { who: "banned", want: 403 },
      { who: "eventAdmin", want: 200 },
      { who: "channelAdmin", want: 200 },
      { who: "owner", want: 200 },
    ];
    for (const { who, want } of matrix) {
      for (const call of calls) {
        const res = await call(clients(who));
        expect([who, res.statusCode]).toEqual([who, want]);
        if (want !== 200) expect(res.body).not.toContain(stream_key);
      }
    }
    // Refused callers changed nothing: the key and the captions flag are as the owner left them.
    const after = (
      await s.people.owner.client.get(`/api/mux/livestream?video_session_id=${s.session}`)
    ).json();
    expect(after).toMatchObject({ stream_key, show_captions: true });
    for (const who of ["guest", "moderator", "member", "host"]) {
      const res = await clients(who).post("/api/mux/livestream/reset-stream-key", { liveStreamId: id });
      const stop = await clients(who).post("/api/mux/livestream/stop", { liveStreamId: id });
      expect([who, res.statusCode, stop.statusCode]).toEqual([who, 403, 403]);
    }
    expect(
      (await s.people.owner.client.get(`/api/mux/livestream?video_session_id=${s.session}`)).json(),
    ).toMatchObject({ stream_key, status: "idle" });
  });

  test("the preview is signed apart: a viewer's media token does not open it; only known names are served", async () => {
    const s = await roomScene(app().server, use(), {
      session: { state: "broadcasting", broadcast_type: "rtmp" },
    });
    const { id, stream_key } = (
      await s.people.owner.client.post(CREATE, { video_session_id: s.session })
    ).json();
    await withOutbox(use(), app().realtime.realtime, async (tx, outbox) => {
      const stream = await openStream(tx, outbox, s.session, false);
      await markStreamOnAir(tx, outbox, stream.id, {
        livePlaybackUrl: unsignedUrl(s.session, stream.id, "master.m3u8"),
        vodPlaybackUrl: null,
      });
    });
    const playback = await s.people.guest.client.get(
      `/api/video-session/playback?video_session_id=${s.session}`,
    );
    const viewerToken = String(playback.json().liveUrl).split("/")[2];
    const preview = (
      await s.people.owner.client.post("/api/mux/livestream/stream", {
        liveStreamId: id,
        streamKey: stream_key,
      })
    ).json();
    const get = (url: string) => app().server.inject({ url });
    // The viewer's token opens the stream (nothing written: 404), not the preview (403).
    expect((await get(String(playback.json().liveUrl))).statusCode).toBe(404);
    expect((await get(`/media/${viewerToken}/sessions/${s.session}/preview/live.m3u8`)).statusCode).toBe(403);
    // The preview's token: allowed, nothing written yet.
    const base = `/media/${preview.playbackToken}/sessions/${s.session}`;
    expect((await get(`${base}/preview/master.m3u8`)).statusCode).toBe(404);
    expect((await get(`${base}/preview/720p/live.m3u8`)).statusCode).toBe(404);
    // Nothing but the pipelines' names, in their places.
    for (const tail of [
      "preview/../x.m3u8",
      "preview/4k/live.m3u8",
      "preview/720p/720p/live.m3u8",
      "streams/0/live.m3u8",
      "other/live.m3u8",
      "preview/live.mp4",
    ]) {
      expect([tail, (await get(`${base}/${tail}`)).statusCode]).toEqual([tail, 404]);
    }
  });

  test("bad input and other sessions: clear errors, nothing made", async () => {
    const s = await scene("webrtc");
    const owner = s.people.owner.client;
    const webrtc = await owner.post(CREATE, { video_session_id: s.session });
    expect([webrtc.statusCode, errorCode(webrtc)]).toEqual([409, "not_an_rtmp_session"]);
    const none = await owner.get(`/api/mux/livestream?video_session_id=${s.session}`);
    expect([none.statusCode, errorCode(none)]).toEqual([404, "live_stream_not_found"]);
    const rows = await use().query<{ stream_key: string | null }>(
      "SELECT stream_key FROM video_sessions WHERE id = $1",
      [s.session],
    );
    expect(rows[0]?.stream_key).toBeNull();
    for (const [url, body] of [
      [CREATE, {}],
      [CREATE, { video_session_id: "x" }],
      [CREATE, { video_session_id: s.session, extra: 1 }],
      ["/api/mux/livestream/stop", { liveStreamId: "" }],
      ["/api/mux/livestream/toggle-captions", { liveStreamId: "ls_1", showCaptions: "yes" }],
      ["/api/mux/livestream/stream", { liveStreamId: "ls_1" }],
    ] as const) {
      const res = await owner.post(url, body);
      expect([url, res.statusCode, errorCode(res)]).toEqual([url, 400, "invalid_request"]);
    }
    const unknown = await owner.post("/api/mux/livestream/stop", { liveStreamId: "ls_unknown" });
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, "live_stream_not_found"]);
    const missing = await owner.post(CREATE, { video_session_id: 999_999_999 });
    expect(missing.statusCode).toBe(404);
  });
});
