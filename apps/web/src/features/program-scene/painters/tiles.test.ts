import { describe, expect, test } from "vitest";
import { coverCrop } from "./tiles";

describe("coverCrop", () => {
  test("a 4:3 source in a 16:9 tile loses its top and bottom", () => {
    expect(coverCrop(640, 480, 1280, 720)).toEqual({ sx: 0, sy: 60, sw: 640, sh: 360 });
  });
  test("a 16:9 source in a square tile loses its sides", () => {
    expect(coverCrop(1280, 720, 100, 100)).toEqual({ sx: 280, sy: 0, sw: 720, sh: 720 });
  });
});
