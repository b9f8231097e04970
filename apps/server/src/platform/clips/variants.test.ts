import { expect, test } from "vitest";
import { variantsOf } from "./variants";

const MASTER = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
360p/vod.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"
1080p/vod.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720
720p/vod.m3u8
`;

test.each([
  {
    case: "a ladder, tallest first",
    playlist: MASTER,
    want: ["1080p/vod.m3u8", "720p/vod.m3u8", "360p/vod.m3u8"],
  },
  { case: "a media playlist (one rendition)", playlist: "#EXTM3U\n#EXTINF:1.0,\nseg000.ts\n", want: [] },
  {
    case: "a variant without its URI",
    playlist: "#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=1280x720\n",
    want: [],
  },
])("$case", ({ playlist, want }) => {
  expect(variantsOf(playlist).map((v) => v.uri)).toEqual(want);
});
