import { createServer } from "node:net";
import { IngressInfo, WebhookEvent } from "@livekit/protocol";
import { LiveStream } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { freePort } from "../../testing/free-port";
import { LivekitStandIn, STAND_IN_KEYS } from "../../testing/livekit-stand-in";
import { signedWebhook } from "../../testing/livekit-stand-in-outputs";
import { childProcesses } from "../../testing/media";
import { roomScene } from "../../testing/room-scene";
import { LIVEKIT_WEBHOOK_PATH } from "../program-egress/service";

// Issue 13 §5: with LIVEKIT_URL set the /api/mux/livestream/* calls hand out LiveKit Ingress inputs
// (against the stand-in of its Twirp API), its webhooks move the stream's status, and the embedded
// listener stays off even with RTMP_PORT configured.

const keys = STAND_IN_KEYS;
const CREATE = "/api/mux/livestream/create";

/** Whether something listens on the port: binding it ourselves fails then. */
const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });

describeOnEachDatabase("RTMP through LiveKit Ingress", (use) => {
  const standIn = new LivekitStandIn(keys);
  let livekitUrl = "";
  let rtmpPort = 0;
  beforeAll(async () => {
    livekitUrl = await standIn.start();
    rtmpPort = await freePort();
  });
  afterAll(() => standIn.stop());
  const app = useTestApp(use, {
    livekit: () => ({ url: livekitUrl, ...keys }),
    rtmp: () => ({ host: "127.0.0.1", port: rtmpPort }),
  });
  const scene = () =>
    roomScene(app().server, use(), { session: { state: "greenroom", broadcast_type: "rtmp" } });
  const createsFor = (sessionId: number) =>
    standIn.calls.filter((c) => c.method === "CreateIngress" && c.body.roomName === `session-${sessionId}`);
  const ingressesOf = (sessionId: number) =>
    [...standIn.outputs.ingresses.values()].filter((i) => i.roomName === `session-${sessionId}`);
  const ingressWebhook = async (event: "ingress_started" | "ingress_ended", info: IngressInfo) => {
    const hook = new WebhookEvent({ event, id: `EV_${info.ingressId}_${event}`, ingressInfo: info });
    const { body, authorization } = await signedWebhook(keys, hook);
    return app().server.inject({
      method: "POST",
      url: LIVEKIT_WEBHOOK_PATH,
      payload: body,
      headers: { "content-type": "application/webhook+json", authorization },
    });
  };

  test("the embedded listener does not listen on RTMP_PORT and runs no ingest process", async () => {
    expect(await portTaken(rtmpPort)).toBe(false);
    expect(await childProcesses("ingest-entry")).toEqual([]);
  });

  test("create, reset and stop make, replace and delete the session's ingress; the answer is LiveKit's", async () => {
    const s = await scene();
    const owner = s.people.owner.client;
    const stream = LiveStream.parse((await owner.post(CREATE, { video_session_id: s.session })).json());
    const [input] = ingressesOf(s.session);
    expect(input).toMatchObject({
      participantIdentity: `rtmp-${s.session}`,
      roomName: `session-${s.session}`,
    });
    expect(stream).toMatchObject({
      status: "idle",
      server_url: input?.url,
      stream_key: input?.streamKey,
      captions_available: false,
    });
    expect(stream.server_url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    // The same input on every call; no second ingress.
    expect((await owner.post(CREATE, { video_session_id: s.session })).json()).toEqual(stream);
    expect((await owner.get(`/api/mux/livestream?video_session_id=${s.session}`)).json()).toEqual(stream);
    expect(createsFor(s.session)).toHaveLength(1);

    const rotated = LiveStream.parse(
      (await owner.post("/api/mux/livestream/reset-stream-key", { liveStreamId: stream.id })).json(),
    );
    const [replaced] = ingressesOf(s.session);
    expect(ingressesOf(s.session)).toHaveLength(1);
    expect(rotated).toMatchObject({
      id: stream.id,
      stream_key: replaced?.streamKey,
      server_url: replaced?.url,
    });
    expect(rotated.stream_key).not.toBe(stream.stream_key);
    expect(
      standIn.calls.some((c) => c.method === "DeleteIngress" && c.body.ingressId === input?.ingressId),
    ).toBe(true);

    // The host watches the encoder in the room: no preview of our own.
    const preview = await owner.post("/api/mux/livestream/stream", {
      liveStreamId: stream.id,
      streamKey: rotated.stream_key,
    });
    expect(preview.json()).toMatchObject({ previewUrl: null });

    const stopped = await owner.post("/api/mux/livestream/stop", { liveStreamId: stream.id });
    expect(stopped.json()).toMatchObject({ status: "disabled" });
    expect(ingressesOf(s.session)).toEqual([]);
    // Create again makes a new input.
    const again = LiveStream.parse((await owner.post(CREATE, { video_session_id: s.session })).json());
    expect(again).toMatchObject({ status: "idle", stream_key: ingressesOf(s.session)[0]?.streamKey });
  });

  test("a refused caller makes no ingress", async () => {
    const s = await scene();
    const res = await s.people.host.client.post(CREATE, { video_session_id: s.session });
    expect(res.statusCode).toBe(403);
    expect(createsFor(s.session)).toEqual([]);
  });

  test("ingress_started and ingress_ended set the stream active and idle; a stopped stream stays disabled", async () => {
    const s = await scene();
    const owner = s.people.owner.client;
    const stream = LiveStream.parse((await owner.post(CREATE, { video_session_id: s.session })).json());
    const info = ingressesOf(s.session)[0] as IngressInfo;
    const status = async () =>
      (await owner.get(`/api/mux/livestream?video_session_id=${s.session}`)).json().status;

    expect((await ingressWebhook("ingress_started", info)).statusCode).toBe(200);
    expect(await status()).toBe("active");
    await ingressWebhook("ingress_ended", info);
    expect(await status()).toBe("idle");
    // Another project's room is not ours: taken and ignored.
    const foreign = new IngressInfo({ ...info, roomName: "lobby" });
    expect((await ingressWebhook("ingress_started", foreign)).statusCode).toBe(200);
    expect(await status()).toBe("idle");

    await owner.post("/api/mux/livestream/stop", { liveStreamId: stream.id });
    await ingressWebhook("ingress_started", info);
    expect(await status()).toBe("disabled");
  });
});
