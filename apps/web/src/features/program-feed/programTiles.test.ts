import { describe, expect, test } from "vitest";
import type { StageParticipant } from "../stage/types";
import { coverCrop, programTiles } from "./programTiles";

const participant = (userId: number, extra: Partial<StageParticipant> = {}): StageParticipant => ({
  userId,
  name: `Person ${userId}`,
  isLocal: false,
  media: null,
  screen: null,
  audioMuted: false,
  videoMuted: false,
  ...extra,
});

describe("programTiles", () => {
  test("a screen share gets its own tile right after its owner's camera", () => {
    const screen = {} as MediaStream;
    const tiles = programTiles([participant(1, { screen }), participant(2, { videoMuted: true })]);
    expect(tiles.map((t) => [t.key, t.name, t.videoMuted])).toEqual([
      ["camera:1", "Person 1", false],
      ["screen:1", "Person 1 (screen)", false],
      ["camera:2", "Person 2", true],
    ]);
  });
});

describe("coverCrop", () => {
  test("a 4:3 source in a 16:9 tile loses its top and bottom", () => {
    expect(coverCrop(640, 480, 1280, 720)).toEqual({ sx: 0, sy: 60, sw: 640, sh: 360 });
  });
  test("a 16:9 source in a square tile loses its sides", () => {
    expect(coverCrop(1280, 720, 100, 100)).toEqual({ sx: 280, sy: 0, sw: 720, sh: 720 });
  });
});
