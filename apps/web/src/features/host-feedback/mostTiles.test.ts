import { describe, expect, it } from "vitest";
import { mostTilesOnStage, recordTilesOnStage } from "./mostTiles";

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe("most tiles on stage (spec 2 §7 host feedback)", () => {
  it("keeps each session's peak, not the latest count", () => {
    const store = memoryStore();
    expect(mostTilesOnStage(1, store)).toBeUndefined();
    for (const tiles of [1, 4, 2, 0]) recordTilesOnStage(1, tiles, store);
    recordTilesOnStage(2, 3, store);
    expect(mostTilesOnStage(1, store)).toBe(4);
    expect(mostTilesOnStage(2, store)).toBe(3);
  });
});
