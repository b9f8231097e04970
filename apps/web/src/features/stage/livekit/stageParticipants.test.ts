import { PROGRAM_PARTICIPANT_IDENTITY } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import {
  encoderIdentity,
  type RoomMember,
  StageStreams,
  toSoleStage,
  toStageParticipants,
} from "./stageParticipants";

// Node has no MediaStream: tracks and streams here carry just what the mapping reads.
const track = (id: string) => ({ id }) as MediaStreamTrack;
const published = (source: string, id: string, isMuted = false) => ({
  source,
  isMuted,
  track: { mediaStreamTrack: track(id) },
});
const member = (identity: string, fields: Partial<RoomMember> = {}): RoomMember => ({
  identity,
  name: `Person ${identity}`,
  isLocal: false,
  permissions: { canPublish: true },
  trackPublications: new Map(),
  ...fields,
});
const tracks = (map: [string, ReturnType<typeof published>][]) => new Map(map);
const streams = () =>
  new StageStreams((list) => ({ tracks: list.map((t) => t.id) }) as unknown as MediaStream);

describe("LiveKit participants on the stage", () => {
  it("maps each stage member to a tile: user id, name, camera and microphone, screen, muted flags", () => {
    const host = member("42", {
      name: "Ada Host",
      isLocal: true,
      trackPublications: tracks([
        ["TR_cam", published("camera", "cam42")],
        ["TR_mic", published("microphone", "mic42", true)],
      ]),
    });
    const guest = member("7", {
      trackPublications: tracks([
        ["TR_mic", published("microphone", "mic7")],
        ["TR_scr", published("screen_share", "scr7")],
      ]),
    });
    const [ada, seven] = toStageParticipants([host, guest], streams());
    expect(ada).toMatchObject({
      userId: 42,
      name: "Ada Host",
      isLocal: true,
      audioMuted: true,
      videoMuted: false,
    });
    expect(ada?.media).toEqual({ tracks: ["cam42", "mic42"] });
    expect(ada?.screen).toBeNull();
    expect(seven).toMatchObject({ userId: 7, isLocal: false, audioMuted: false, videoMuted: true });
    expect(seven?.media).toEqual({ tracks: ["mic7"] });
    expect(seven?.screen).toEqual({ tracks: ["scr7"] });
  });

  it("leaves out viewers in the room (this browser too) and participants that are not people", () => {
    const viewer = member("9", { permissions: { canPublish: false } });
    const me = member("10", { isLocal: true, permissions: { canPublish: false } });
    const recorder = member("EG_recorder");
    // Issue 27: the composed program and a viewer place are never tiles.
    const program = member(PROGRAM_PARTICIPANT_IDENTITY);
    const viewerPlace = member("viewer-11", { permissions: { canPublish: false } });
    expect(
      toStageParticipants([me, viewer, recorder, program, viewerPlace, member("3")], streams()).map(
        (p) => p.userId,
      ),
    ).toEqual([3]);
  });

  it("gives a viewer place the program participant alone (issue 27)", () => {
    const program = member(PROGRAM_PARTICIPANT_IDENTITY, {
      trackPublications: tracks([
        ["TR_pv", published("camera", "program-video")],
        ["TR_pa", published("microphone", "program-audio")],
      ]),
    });
    const [shown, ...others] = toSoleStage([member("3"), program], PROGRAM_PARTICIPANT_IDENTITY, streams());
    expect(others).toEqual([]);
    expect(shown?.media).toEqual({ tracks: ["program-video", "program-audio"] });
  });

  it("keeps a participant's stream while its tracks stay, and makes a new one when a track comes", () => {
    const cache = streams();
    const guest = member("7", { trackPublications: tracks([["TR_cam", published("camera", "cam7")]]) });
    const first = toStageParticipants([guest], cache)[0]?.media;
    expect(toStageParticipants([guest], cache)[0]?.media).toBe(first);
    guest.trackPublications.set("TR_mic", published("microphone", "mic7"));
    const second = toStageParticipants([guest], cache)[0]?.media;
    expect(second).not.toBe(first);
    expect(second).toEqual({ tracks: ["cam7", "mic7"] });
    // Left and came back: a fresh stream.
    toStageParticipants([], cache);
    expect(toStageParticipants([guest], cache)[0]?.media).not.toBe(second);
  });
});

describe("an RTMP session's encoder (LiveKit Ingress) on the stage", () => {
  const encoder = member(encoderIdentity(9), {
    name: "RTMP",
    trackPublications: tracks([
      ["TR_cam", published("camera", "enc-video")],
      ["TR_mic", published("microphone", "enc-audio")],
    ]),
  });

  it("is never taken for a person on the people's stage", () => {
    expect(toStageParticipants([encoder, member("5")], streams()).map((p) => p.userId)).toEqual([5]);
  });

  it("is the RTMP session's stage alone, without a name; people and other sessions' encoders are left out", () => {
    const stage = toSoleStage(
      [member("5"), member(encoderIdentity(8)), encoder],
      encoderIdentity(9),
      streams(),
    );
    expect(stage).toMatchObject([
      { userId: 0, name: "", videoMuted: false, audioMuted: false, screen: null },
    ]);
    expect(stage[0]?.media).toEqual({ tracks: ["enc-video", "enc-audio"] });
  });

  it("is empty until the encoder joins", () => {
    expect(toSoleStage([member("5")], encoderIdentity(9), streams())).toEqual([]);
  });
});
