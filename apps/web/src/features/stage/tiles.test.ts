import { describe, expect, test } from "vitest";
import { stageTiles } from "./tiles";
import type { StageParticipant } from "./types";

const person = (userId: number, screen: MediaStream | null = null): StageParticipant => ({
  userId,
  name: `Person ${userId}`,
  isLocal: userId === 1,
  media: null,
  screen,
  audioMuted: false,
  videoMuted: false,
});

describe("stageTiles", () => {
  test("each person is a tile, and a screen share is a tile of its own right after its owner", () => {
    const screen = {} as MediaStream;
    const tiles = stageTiles([person(1), person(2, screen), person(3)]);
    expect(tiles.map((t) => t.key)).toEqual(["1", "2", "2:screen", "3"]);
    expect(tiles[2]).toMatchObject({ isScreen: true, stream: screen });
  });

  test("an empty stage has no tiles", () => {
    expect(stageTiles([])).toEqual([]);
  });
});
