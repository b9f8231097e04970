import { describe, expect, test } from "vitest";
import { stageTiles } from "./tiles";
import type { StageParticipant } from "./types";

const person = (userId: number, extra: Partial<StageParticipant> = {}): StageParticipant => ({
  userId,
  name: `Person ${userId}`,
  isLocal: userId === 1,
  media: null,
  screen: null,
  audioMuted: false,
  videoMuted: false,
  ...extra,
});

describe("stageTiles", () => {
  test("each person is a tile, and a screen share is a tile of its own right after its owner", () => {
    const screen = {} as MediaStream;
    const tiles = stageTiles([person(1), person(2, { screen, videoMuted: true }), person(3)]);
    expect(tiles.map((t) => [t.key, t.isScreen, t.videoMuted])).toEqual([
      ["camera:1", false, false],
      ["camera:2", false, true],
      ["screen:2", true, false],
      ["camera:3", false, false],
    ]);
    expect(tiles[2]).toMatchObject({ name: "Person 2", stream: screen });
  });

  test("an empty stage has no tiles", () => {
    expect(stageTiles([])).toEqual([]);
  });
});
