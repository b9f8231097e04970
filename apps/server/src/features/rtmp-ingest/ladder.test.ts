import { describe, expect, test } from "vitest";
import { captionedRung, ladderFor, masterPlaylist } from "./ladder";

describe("the ladder never goes above its source", () => {
  test.each([
    { case: "1080p source", height: 1080, want: ["1080p", "720p", "360p"] },
    { case: "4K source", height: 2160, want: ["1080p", "720p", "360p"] },
    { case: "720p source (the issue's test pattern)", height: 720, want: ["720p", "360p"] },
    { case: "900p source", height: 900, want: ["720p", "360p"] },
    { case: "360p source", height: 360, want: ["360p"] },
    { case: "240p source: the lowest rung at its own size", height: 240, want: ["360p"] },
    { case: "no size in the metadata", height: null, want: ["720p", "360p"] },
  ])("$case → $want", ({ height, want }) => {
    expect(ladderFor(height).map((rung) => rung.name)).toEqual(want);
  });
});

describe("the master playlist", () => {
  test("lists each variant's playlist by its stable name, highest first, with bandwidth and size", () => {
    expect(masterPlaylist(ladderFor(1080), "live.m3u8", 16 / 9)).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:3",
        "#EXT-X-STREAM-INF:BANDWIDTH=4628000,RESOLUTION=1920x1080",
        "1080p/live.m3u8",
        "#EXT-X-STREAM-INF:BANDWIDTH=2628000,RESOLUTION=1280x720",
        "720p/live.m3u8",
        "#EXT-X-STREAM-INF:BANDWIDTH=928000,RESOLUTION=640x360",
        "360p/live.m3u8",
        "",
      ].join("\n"),
    );
    expect(masterPlaylist(ladderFor(480), "vod.m3u8", 4 / 3)).toContain("RESOLUTION=480x360\n360p/vod.m3u8");
  });
});

describe("the variant the captions follow", () => {
  test.each([
    { height: 1080, want: "720p" },
    { height: 720, want: "720p" },
    { height: 360, want: "360p" },
  ])("$height p source → $want", ({ height, want }) => {
    expect(captionedRung(ladderFor(height)).name).toBe(want);
  });
});
