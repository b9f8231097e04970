import { EgressInfo, EgressStatus, WebhookEvent } from "@livekit/protocol";
import { RECORDER_SIGN_IN_PATH, type SessionStream } from "@onstage/domain";
import { AccessToken } from "livekit-server-sdk";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RecordingReady } from "../../kernel/broadcast/lifecycle";
import { findStream } from "../../kernel/broadcast/streams";
import type { S3StorageConfig } from "../../platform/storage/s3";
import { TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { LivekitStandIn, STAND_IN_KEYS } from "../../testing/livekit-stand-in";
import { egressEvent, signedWebhook } from "../../testing/livekit-stand-in-outputs";
import { eventually } from "../../testing/realtime";
import { type RoomScene, roomScene } from "../../testing/room-scene";
import { expectServerError } from "../../testing/server-errors";
import { LIVEKIT_WEBHOOK_PATH } from "./webhook";

// Issue 13 §5: with LiveKit and a bucket, going live starts a RoomComposite Egress of the recorder view
// writing HLS to the bucket, End live stops it, and LiveKit's signed webhooks move the stream's row.
// Against the stand-in of LiveKit's Twirp API (no LiveKit server runs here).

const keys = STAND_IN_KEYS;

/** Signing a URL needs no server: the bucket is never reached in this suite. */
const bucket: S3StorageConfig = {
  endpoint: "http://127.0.0.1:9",
  bucket: "onstage-media",
  region: "us-east-1",
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "bucket-secret",
  publicUrl: undefined,
};

const UPDATE = "/api/video-session/update-video-session";

describeOnEachDatabase("the program through LiveKit Egress", (use) => {
  // One per database: both hand out the same session ids, so the same room names.
  const standIn = new LivekitStandIn(keys);
  let livekitUrl = "";
  beforeAll(async () => {
    livekitUrl = await standIn.start();
  });
  afterAll(() => standIn.stop());
  const app = useTestApp(use, { livekit: () => ({ url: livekitUrl, ...keys }), s3: () => bucket });
  let scene: RoomScene;
  beforeAll(async () => {
    scene = await roomScene(app().server, use(), { session: { state: "greenroom" } });
  });
  const room = () => `session-${scene.session}`;
  const move = (state: string, extra: Record<string, unknown> = {}) =>
    scene.people.host.client.post(UPDATE, {
      video_session_id: scene.session,
      event_id: scene.event,
      video_session_state: state,
      ...extra,
    });
  const egressesOfRoom = () => [...standIn.outputs.egresses.values()].filter((e) => e.roomName === room());
  const webhook = async (event: WebhookEvent, sign: Parameters<typeof signedWebhook>[2] = {}) => {
    const { body, authorization } = await signedWebhook(keys, event, sign);
    return post(body, { authorization });
  };
  const post = (payload: string, headers: Record<string, string>) =>
    scene.visitor.request("POST", LIVEKIT_WEBHOOK_PATH, {
      payload,
      headers: { "content-type": "application/webhook+json", ...headers },
      csrf: false,
    });
  /** The go-live countdown (spec 2 §4) is over: the stream opened long enough ago. */
  const countdownOver = (streamId: number) =>
    use().query("UPDATE video_session_streams SET created_at = now() - interval '1 minute' WHERE id = $1", [
      streamId,
    ]);
  const egressOf = async () => {
    await eventually("the egress is started", () => egressesOfRoom().length === 1);
    return egressesOfRoom()[0] as EgressInfo;
  };
  const withStatus = (info: EgressInfo, status: EgressStatus, error = "") =>
    new EgressInfo({ ...info, status, error });

  /** A session of its own gone live unrecorded, with the egress that started for it. */
  const anotherLiveSession = async () => {
    const s = await roomScene(app().server, use(), { session: { state: "greenroom" } });
    const res = await s.people.host.client.post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: "broadcasting",
      is_recording: false,
    });
    const ofRoom = () =>
      [...standIn.outputs.egresses.values()].find((e) => e.roomName === `session-${s.session}`);
    await eventually("the egress is started", () => ofRoom() !== undefined);
    return { s, streamId: (res.json().stream as SessionStream).id, egress: ofRoom() as EgressInfo };
  };

  test("going live starts a RoomComposite egress of the recorder view, writing HLS to the bucket", async () => {
    const res = await move("broadcasting", { is_recording: true });
    expect(res.statusCode).toBe(200);
    const stream = res.json().stream as SessionStream;
    const egress = await egressOf();
    const call = standIn.calls.find((c) => c.method === "StartRoomCompositeEgress");
    expect(call?.grant.roomRecord).toBe(true);
    const [page] = await use().query<{ url: string }>(
      `SELECT '/c/' || e.event_code || '/' || s.url_hash AS url
         FROM video_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [scene.session],
    );
    expect(egress.request.case).toBe("roomComposite");
    const request = egress.request.value as NonNullable<
      Extract<EgressInfo["request"], { case: "roomComposite" }>["value"]
    >;
    expect(request.customBaseUrl).toBe(`${TEST_PUBLIC_URL}${page?.url}?recorder-view`);
    const dir = `sessions/${scene.session}/streams/${stream.id}`;
    const [segments] = request.segmentOutputs;
    expect(segments).toMatchObject({
      filenamePrefix: `${dir}/live`,
      playlistName: `${dir}/vod.m3u8`,
      livePlaylistName: `${dir}/live.m3u8`,
      segmentDuration: 1,
    });
    expect(segments?.output.case).toBe("s3");
    expect(segments?.output.value).toMatchObject({
      bucket: bucket.bucket,
      endpoint: bucket.endpoint,
      accessKey: bucket.accessKeyId,
      secret: bucket.secretAccessKey,
      forcePathStyle: true,
    });
  });

  test("a webhook that is unsigned, badly signed, for another body or stale is refused and changes nothing", async () => {
    const egress = await egressOf();
    const active = egressEvent("egress_updated", withStatus(egress, EgressStatus.EGRESS_ACTIVE));
    const { body, authorization } = await signedWebhook(keys, active);
    const streamId = Number(/streams\/(\d+)/.exec(body)?.[1]);
    await countdownOver(streamId);
    const other = await signedWebhook(keys, egressEvent("egress_started", egress));
    const refusals = {
      unsigned: await post(body, {}),
      "signed with another secret": await webhook(active, {
        secret: "another-secret-at-least-thirty-two-chars",
      }),
      "a signature of another body": await post(body, { authorization: other.authorization }),
      stale: await webhook(active, { ttl: "-2m" }),
      "a bare body as the header": await post(body, { authorization: body }),
    };
    for (const [what, res] of Object.entries(refusals)) {
      expect(res.statusCode, what).toBe(401);
      expect(res.json().error.code, what).toBe("invalid_webhook");
    }
    expect((await findStream(use(), streamId))?.activeState).toBe("countdown");
    // The same body with its own signature is taken.
    expect((await post(body, { authorization })).statusCode).toBe(200);
  });

  test("egress active puts the stream on air with playlists in the bucket; viewers get bucket URLs", async () => {
    const egress = await egressOf();
    expect(
      (await webhook(egressEvent("egress_updated", withStatus(egress, EgressStatus.EGRESS_ACTIVE))))
        .statusCode,
    ).toBe(200);
    const playback = await scene.people.host.client.get(
      `/api/video-session/playback?video_session_id=${scene.session}`,
    );
    const { stream, liveUrl, vodUrl, compositor } = playback.json();
    const dir = `sessions/${scene.session}/streams/${stream.id}`;
    expect(stream).toMatchObject({
      activeState: "recording",
      livePlaybackUrl: `/files/${dir}/live.m3u8`,
      vodPlaybackUrl: `/files/${dir}/vod.m3u8`,
    });
    // The bucket is private: short-lived signed URLs of the playlists' keys.
    expect(liveUrl).toContain(`${bucket.endpoint}/${bucket.bucket}/${dir}/live.m3u8?`);
    expect(liveUrl).toContain("X-Amz-Signature=");
    expect(vodUrl).toContain(`/${dir}/vod.m3u8?`);
    // Egress composes: no host tab sends the program.
    expect(compositor).toBe("server");
  });

  /** A token as LiveKit Egress makes one for its template's participant: a hidden recorder of the room. */
  const egressToken = (roomName: string, secret = keys.apiSecret) => {
    const token = new AccessToken(keys.apiKey, secret, { identity: "EG_template", ttl: "1h" });
    token.addGrant({
      roomJoin: true,
      room: roomName,
      recorder: true,
      hidden: true,
      canSubscribe: true,
      canPublish: false,
    });
    return token.toJwt();
  };
  const signIn = async (token: string) => {
    const client = new TestClient(app().server);
    const res = await client.post(RECORDER_SIGN_IN_PATH, { token });
    return { res, client };
  };

  test("the template trades Egress's token for the recorder's reads of its live session, nothing else", async () => {
    const member = new AccessToken(keys.apiKey, keys.apiSecret, { identity: "5" });
    member.addGrant({ roomJoin: true, room: room(), canSubscribe: true });
    const refusals = {
      "a stage member's token": await signIn(await member.toJwt()),
      "another session's room (not live)": await signIn(await egressToken(`session-${scene.otherSession}`)),
      "signed with another secret": await signIn(
        await egressToken(room(), "another-secret-at-least-thirty-two-chars"),
      ),
    };
    for (const [what, { res }] of Object.entries(refusals)) {
      expect(res.statusCode, what).toBe(401);
      expect(res.json().error.code, what).toBe("invalid_recorder_token");
    }
    const { res, client } = await signIn(await egressToken(room()));
    expect(res.statusCode).toBe(204);
    // It reads as the host who went live: their own /api/me and the session's room.
    expect((await client.get("/api/me")).json().user.id).toBe(scene.people.host.userId);
    expect((await client.get(`/api/video-session/room?video_session_id=${scene.session}`)).statusCode).toBe(
      200,
    );
    expect((await client.post(UPDATE, { video_session_id: scene.session })).statusCode).toBe(403);
  });

  test("End live stops the egress; its end afterwards leaves the ended stream alone", async () => {
    const egress = await egressOf();
    const streamId = (
      await scene.people.host.client.get(`/api/video-session/playback?video_session_id=${scene.session}`)
    ).json().stream.id as number;
    expect((await move("postevent")).statusCode).toBe(200);
    await eventually("the egress is stopped", () =>
      standIn.calls.some((c) => c.method === "StopEgress" && c.body.egressId === egress.egressId),
    );
    expect(standIn.outputs.egresses.get(egress.egressId)?.status).toBe(EgressStatus.EGRESS_ENDING);
    const ready: RecordingReady[] = [];
    const onReady = (r: RecordingReady) => ready.push(r);
    app().lifecycle.on("recordingReady", onReady);
    const ended = egressEvent("egress_ended", withStatus(egress, EgressStatus.EGRESS_COMPLETE));
    expect((await webhook(ended)).statusCode).toBe(200);
    app().lifecycle.off("recordingReady", onReady);
    expect((await findStream(use(), streamId))?.activeState).toBe("ended");
    // Issue 28 §4: the recorded program's end is its recording's (webhooks' recording.ready).
    expect(ready).toEqual([{ sessionId: scene.session, streamId }]);
    // Off the air, Egress's token signs nobody in.
    expect((await signIn(await egressToken(room()))).res.statusCode).toBe(401);
  });

  test("an egress that fails while its stream is on air puts the stream in error", async () => {
    expectServerError(/egress/);
    const { streamId, egress } = await anotherLiveSession();
    const failed = withStatus(egress, EgressStatus.EGRESS_FAILED, "template did not load");
    expect((await webhook(egressEvent("egress_ended", failed))).statusCode).toBe(200);
    expect((await findStream(use(), streamId))?.activeState).toBe("error");
  });

  test("a broadcast that starts unrecorded gets the recording's playlist when recording is turned on", async () => {
    const { s, streamId, egress } = await anotherLiveSession();
    const ids = { video_session_id: s.session, event_id: s.event };
    await countdownOver(streamId);
    await webhook(egressEvent("egress_updated", withStatus(egress, EgressStatus.EGRESS_ACTIVE)));
    expect(await findStream(use(), streamId)).toMatchObject({
      activeState: "streaming",
      vodPlaybackUrl: null,
    });
    const record = await s.people.host.client.post("/api/video-session/update-settings", {
      ...ids,
      is_recording: true,
    });
    expect(record.statusCode).toBe(200);
    const vod = `/files/sessions/${s.session}/streams/${streamId}/vod.m3u8`;
    await eventually("the VOD URL", async () => (await findStream(use(), streamId))?.vodPlaybackUrl === vod);
  });

  test("events of an egress Onstage did not start are taken and ignored", async () => {
    const foreign = new EgressInfo({
      egressId: "EG_foreign",
      roomName: room(),
      status: EgressStatus.EGRESS_ACTIVE,
    });
    const res = await webhook(new WebhookEvent({ event: "egress_updated", id: "EV_x", egressInfo: foreign }));
    expect(res.statusCode).toBe(200);
  });
});
