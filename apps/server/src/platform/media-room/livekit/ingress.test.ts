import { IngressInput } from "@livekit/protocol";
import { afterAll, beforeAll, expect, test } from "vitest";
import { LivekitStandIn, STAND_IN_KEYS } from "../../../testing/livekit-stand-in";
import { ingressIdentity, livekitRtmpIngress, type RtmpIngress } from "./ingress";

// RTMP through LiveKit Ingress, against the stand-in of its Twirp API: one RTMP input per session's
// room, the same on a second create, replaced by a reset, gone after stop.

const keys = STAND_IN_KEYS;
const standIn = new LivekitStandIn(keys);
let url: string;
let ingress: RtmpIngress;
beforeAll(async () => {
  url = await standIn.start();
  ingress = livekitRtmpIngress({ url, ...keys });
});
afterAll(() => standIn.stop());

const inputsOf = (room: string) => [...standIn.outputs.ingresses.values()].filter((i) => i.roomName === room);

test("create makes one RTMP input in the session's room, as the encoder's own participant", async () => {
  const input = await ingress.create(7);
  expect(input.url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  expect(input.streamKey).toMatch(/^sk_/);
  const call = standIn.calls.find((c) => c.method === "CreateIngress");
  expect(call?.grant.ingressAdmin).toBe(true);
  const [held] = inputsOf("session-7");
  expect(held).toMatchObject({
    ingressId: input.ingressId,
    inputType: IngressInput.RTMP_INPUT,
    participantIdentity: ingressIdentity(7),
  });
  // A second call answers the same input: the encoder's settings stay valid.
  expect(await ingress.create(7)).toEqual(input);
  expect(inputsOf("session-7")).toHaveLength(1);
});

test("resetKey replaces the input: the old key is gone, a new one works", async () => {
  const before = await ingress.create(8);
  const after = await ingress.resetKey(8);
  expect(after.streamKey).not.toBe(before.streamKey);
  expect(inputsOf("session-8").map((i) => i.ingressId)).toEqual([after.ingressId]);
  expect(
    standIn.calls.some((c) => c.method === "DeleteIngress" && c.body.ingressId === before.ingressId),
  ).toBe(true);
});

test("stop deletes the session's input and leaves other sessions' alone; stopping twice is fine", async () => {
  await ingress.create(9);
  await ingress.stop(9);
  expect(inputsOf("session-9")).toHaveLength(0);
  expect(inputsOf("session-7")).toHaveLength(1);
  await ingress.stop(9);
});

test("calls signed with another secret are refused and change nothing", async () => {
  const wrong = livekitRtmpIngress({
    url,
    apiKey: keys.apiKey,
    apiSecret: "another-secret-of-thirty-two-characters",
  });
  const held = standIn.outputs.ingresses.size;
  await expect(wrong.create(10)).rejects.toThrow();
  expect(standIn.refusals.at(-1)).toEqual({ method: "ListIngress", code: "unauthenticated" });
  expect(standIn.outputs.ingresses.size).toBe(held);
});
