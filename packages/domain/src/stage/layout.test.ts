import { describe, expect, test } from "vitest";
import { stageColumns, stageLayout } from "./layout";

describe("stageLayout", () => {
  test.each([
    { count: 1, columns: 1 },
    { count: 2, columns: 2 },
    { count: 4, columns: 2 },
    { count: 5, columns: 3 },
    { count: 9, columns: 3 },
    { count: 10, columns: 4 },
  ])("$count tiles → $columns columns", ({ count, columns }) => {
    expect(stageColumns(count)).toBe(columns);
  });

  test.each([1, 2, 3, 5, 6, 12])("%i tiles stay inside a 1280x720 frame without overlapping", (count) => {
    const { tiles } = stageLayout(count, 1280, 720);
    expect(tiles).toHaveLength(count);
    for (const t of tiles) {
      expect(t.x).toBeGreaterThanOrEqual(0);
      expect(t.y).toBeGreaterThanOrEqual(0);
      expect(t.x + t.width).toBeLessThanOrEqual(1280);
      expect(t.y + t.height).toBeLessThanOrEqual(720);
    }
    for (const [i, a] of tiles.entries())
      for (const b of tiles.slice(i + 1))
        expect(
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
        ).toBe(true);
  });

  test("one tile fills the frame's height at 16:9", () => {
    expect(stageLayout(1, 1280, 720).tiles[0]).toEqual({ x: 12, y: 7, width: 1255, height: 706 });
  });

  test("no tiles, or no room, lays out nothing", () => {
    expect(stageLayout(0, 1280, 720).tiles).toEqual([]);
    expect(stageLayout(3, 0, 720).tiles).toEqual([]);
  });
});
