import Fastify from "fastify";
import { type ClaimGrants, TokenVerifier, TwirpError } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installErrorHandler } from "../../../http/errors";
import { LivekitStandIn, STAND_IN_KEYS } from "../../../testing/livekit-stand-in";
import { logErrorReporter } from "../../error-reporting/reporter";
import { chooseMediaRoom, requireMediaRoomFor } from "../index";
import type { MediaRoomPort } from "../port";
import {
  type LivekitMediaRoom,
  livekitMediaRoom,
  livekitMember,
  livekitRoomName,
  livekitRoomSession,
} from "./livekit-media-room";

const keys = STAND_IN_KEYS;
const standIn = new LivekitStandIn(keys);
let url: string;
let room: LivekitMediaRoom;

beforeAll(async () => {
  url = await standIn.start();
  room = livekitMediaRoom({ url, ...keys });
});
afterAll(() => standIn.stop());

const host = { sessionId: 7, userId: 42, name: "Ada Host", canPublish: true };
const viewer = { sessionId: 7, userId: 43, name: "Vic Viewer", canPublish: false };
const claimsOf = (token: string): Promise<ClaimGrants> =>
  new TokenVerifier(keys.apiKey, keys.apiSecret).verify(token);

describe("who a participant of our LiveKit room is", () => {
  it.each([
    { identity: "42", want: { userId: 42, role: "stage" } },
    { identity: "viewer-42", want: { userId: 42, role: "viewer" } },
    { identity: "program", want: null },
    { identity: "rtmp-7", want: null },
    { identity: "viewer-0", want: null },
    { identity: "viewer-", want: null },
    { identity: "042", want: null },
    { identity: "viewer-99999999999999999", want: null },
  ])("$identity", ({ identity, want }) => {
    expect(livekitMember(identity)).toEqual(want);
  });
});

describe("livekit media room", () => {
  it("gives a stage member a token that publishes camera, microphone and screen in the session's room", async () => {
    const join = await room.join(host);
    expect(join).toMatchObject({ provider: "livekit", url, canPublish: true });
    if (join.provider !== "livekit") throw new Error("not livekit");
    const claims = await claimsOf(join.token);
    expect(claims).toMatchObject({ sub: "42", name: "Ada Host", iss: keys.apiKey });
    expect(claims.video).toMatchObject({
      room: "session-7",
      roomJoin: true,
      canSubscribe: true,
      canPublish: true,
      canPublishData: true,
      canPublishSources: ["camera", "microphone", "screen_share", "screen_share_audio"],
    });
    expect(claims.video?.roomAdmin).toBeUndefined();
    // Short-lived: it only admits the browser.
    expect((claims.exp ?? 0) - (claims.nbf ?? 0)).toBe(600);
  });

  it("gives a viewer a token that subscribes but cannot publish", async () => {
    const join = await room.join(viewer);
    if (join.provider !== "livekit") throw new Error("not livekit");
    expect(join.canPublish).toBe(false);
    const { video } = await claimsOf(join.token);
    expect(video).toMatchObject({ room: "session-7", roomJoin: true, canSubscribe: true });
    // Explicit: LiveKit lets a token without canPublish publish.
    expect(video?.canPublish).toBe(false);
    expect(video?.canPublishData).toBe(false);
    expect(video?.canPublishSources).toBeUndefined();
    const admitted = await standIn.connect(join.token);
    expect(admitted.permission?.canPublish).toBe(false);
  });

  it("takes a participant out, changes rights live and closes the room through LiveKit's room service", async () => {
    const join = await room.join({ ...host, sessionId: 8 });
    if (join.provider !== "livekit") throw new Error("not livekit");
    await standIn.connect(join.token);
    const viewerJoin = await room.join({ ...viewer, sessionId: 8 });
    if (viewerJoin.provider !== "livekit") throw new Error("not livekit");
    await standIn.connect(viewerJoin.token);

    await room.setCanPublish(8, 42, false);
    expect(standIn.participant("session-8", "42")?.permission).toMatchObject({
      canPublish: false,
      canSubscribe: true,
    });
    await room.setCanPublish(8, 42, true);
    expect(standIn.participant("session-8", "42")?.permission?.canPublish).toBe(true);

    await room.remove(8, 43);
    expect(standIn.participant("session-8", "43")).toBeUndefined();
    expect(standIn.participant("session-8", "42")).toBeDefined();
    expect(standIn.calls.findLast((c) => c.method === "RemoveParticipant")).toMatchObject({
      body: { room: "session-8", identity: "43" },
      grant: { roomAdmin: true, room: "session-8" },
    });

    await room.close(8);
    expect(standIn.rooms.has("session-8")).toBe(false);
    expect(standIn.calls.findLast((c) => c.method === "DeleteRoom")).toMatchObject({
      body: { room: "session-8" },
      grant: { roomCreate: true },
    });

    // The token they had no longer admits them; one minted after the removal's second does.
    await expect(standIn.connect(viewerJoin.token)).rejects.toThrow(/revoked/);
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
    const back = await room.join({ ...viewer, sessionId: 8 });
    if (back.provider !== "livekit") throw new Error("not livekit");
    await standIn.connect(back.token);
    await room.remove(8, 43);

    // Already gone (left by itself, closed twice): nothing to do, no error.
    await room.remove(8, 43);
    await room.close(8);
  });

  it("is refused by LiveKit with the wrong secret, and a token minted with it admits nobody", async () => {
    const forged = livekitMediaRoom({
      url,
      apiKey: keys.apiKey,
      apiSecret: "not-the-secret-but-long-enough-to-sign",
    });
    const refused = await forged.close(7).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TwirpError);
    expect((refused as TwirpError).status).toBe(401);
    expect(standIn.refusals.at(-1)).toEqual({ method: "DeleteRoom", code: "unauthenticated" });
    const join = await forged.join(host);
    if (join.provider !== "livekit") throw new Error("not livekit");
    await expect(standIn.connect(join.token)).rejects.toThrow();
  });
});

describe("choosing the media room", () => {
  const embedded: MediaRoomPort = {
    provider: "embedded",
    join: async (member) => ({ provider: "embedded", canPublish: member.canPublish }),
    remove: async () => {},
    close: async () => {},
    stop: async () => {},
  };

  it("uses LiveKit when configured, without building the embedded room", () => {
    const port = chooseMediaRoom({ livekit: { url, ...keys } })(() => {
      throw new Error("the embedded room was built");
    });
    expect(port.provider).toBe("livekit");
    expect(requireMediaRoomFor(port, "livekit")).toBe(port);
    expect(requireMediaRoomFor(port, "embedded")).toBe(port);
  });

  it("uses the embedded room otherwise, and refuses a LiveKit session with the spec's words (503)", async () => {
    const port = chooseMediaRoom({})(() => embedded);
    expect(port).toBe(embedded);
    expect(requireMediaRoomFor(port, "embedded")).toBe(port);
    const server = Fastify();
    installErrorHandler(server, logErrorReporter(server.log));
    server.post("/join", async () => requireMediaRoomFor(port, "livekit").provider);
    const res = await server.inject({ method: "POST", url: "/join" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: "no_livekit_url", message: "no livekit url provided" } });
    await server.close();
  });
});

describe("the session a room name stands for (webhooks name rooms)", () => {
  it.each([
    [livekitRoomName(42), 42],
    ["session-1", 1],
    ["session-0", null],
    ["session-01", null],
    ["session-", null],
    ["session-12x", null],
    ["lobby", null],
    ["session-99999999999999999999", null],
  ])("%s → %s", (roomName, sessionId) => {
    expect(livekitRoomSession(roomName)).toBe(sessionId);
  });
});
