import { describe, expect, test } from "vitest";
import { playlistSeconds, tallestVariant } from "./playlist";

const master = [
  "#EXTM3U",
  "#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360",
  "360p/vod.m3u8",
  "#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080",
  "1080p/vod.m3u8",
  "#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720",
  "720p/vod.m3u8",
].join("\n");

describe("tallestVariant", () => {
  test.each([
    ["a ladder's master", master, "1080p/vod.m3u8"],
    ["a media playlist", "#EXTM3U\n#EXTINF:1.0,\nlive0.ts\n", null],
    ["a variant without its address", "#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=1280x720\n", null],
    ["variants without a resolution", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n", "a.m3u8"],
  ])("%s → %s", (_case, text, want) => {
    expect(tallestVariant(text)).toBe(want);
  });
});

describe("playlistSeconds", () => {
  test.each([
    ["segments", "#EXTM3U\n#EXTINF:1.000,\nlive0.ts\n#EXTINF:0.960,\nlive1.ts\n", 1.96],
    ["after a discontinuity", "#EXTINF:2,\na.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:3.5,\nb.ts\n", 5.5],
    ["nothing yet", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n", 0],
    ["a broken duration", "#EXTINF:x,\na.ts\n#EXTINF:1,\nb.ts\n", 1],
  ])("%s → %s s", (_case, text, want) => {
    expect(playlistSeconds(text)).toBeCloseTo(want, 6);
  });
});
