import { describe, expect, test } from "vitest";
import { singleVariantMaster, subtitlePlaylist, vttName, vttSegment, withSubtitles } from "./hls";

const VIDEO = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:7
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:07.000+0000
live7.ts
#EXT-X-DISCONTINUITY
#EXTINF:0.966667,
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:08.000+0000
live8.ts
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:08.966+0000
live9.ts
#EXT-X-ENDLIST
`;

describe("the subtitle playlist follows the video playlist", () => {
  test("segment for segment: header, media sequence, discontinuities, durations and date-times", () => {
    expect(subtitlePlaylist(VIDEO, () => true)).toBe(
      VIDEO.replace("live7.ts", "live7.vtt")
        .replace("live8.ts", "live8.vtt")
        .replace("live9.ts", "live9.vtt"),
    );
  });

  test("up to the first segment whose captions are not written, without ENDLIST", () => {
    const text = subtitlePlaylist(VIDEO, (uri) => uri !== "live9.ts");
    expect(text).toContain("#EXT-X-MEDIA-SEQUENCE:7\n");
    expect(text.trimEnd().endsWith("live8.vtt")).toBe(true);
    expect(text).not.toContain("live9");
    expect(text).not.toContain("#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:08.966");
    expect(text).not.toContain("ENDLIST");
  });

  test("nothing written yet: the header alone", () => {
    expect(subtitlePlaylist(VIDEO, () => false)).toBe(
      "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:7\n",
    );
  });

  test.each([
    { uri: "live12.ts", want: "live12.vtt" },
    { uri: "720p/live3.ts", want: "live3.vtt" },
  ])("$uri is captioned by $want", ({ uri, want }) => {
    expect(vttName(uri)).toBe(want);
  });
});

describe("a WebVTT segment", () => {
  test("maps its zero to the video segment's PTS and escapes what the captioner typed", () => {
    expect(
      vttSegment(126_000, [
        { startMs: 250, endMs: 3_725_001, text: "Q&A <now>\nsecond line" },
        { startMs: 900, endMs: 1_900, text: "next" },
      ]),
    ).toBe(
      [
        "WEBVTT",
        "X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000",
        "",
        "00:00:00.250 --> 01:02:05.001",
        "Q&amp;A &lt;now&gt;",
        "second line",
        "",
        "00:00:00.900 --> 00:00:01.900",
        "next",
        "",
        "",
      ].join("\n"),
    );
  });

  test("without cues it is a header: players keep asking for the next one", () => {
    expect(vttSegment(0, [])).toBe("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n");
  });
});

describe("the master playlist's subtitle group", () => {
  const LADDER = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    "#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080",
    "1080p/live.m3u8",
    "#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360",
    "360p/live.m3u8",
    "",
  ].join("\n");

  test("one EXT-X-MEDIA before the variants and SUBTITLES on each variant", () => {
    expect(withSubtitles(LADDER, "captions.m3u8")).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:3",
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="captions.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080,SUBTITLES="subs"',
        "1080p/live.m3u8",
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,SUBTITLES="subs"',
        "360p/live.m3u8",
        "",
      ].join("\n"),
    );
  });

  test("added once however often it is asked", () => {
    const once = withSubtitles(LADDER, "captions.m3u8");
    expect(withSubtitles(once, "captions.m3u8")).toBe(once);
  });

  test("a single playlist gets a master to carry it", () => {
    const master = withSubtitles(singleVariantMaster("live.m3u8", 2_500_000), "captions.m3u8", {
      name: "Deutsch",
      language: "de",
    });
    expect(master).toContain('NAME="Deutsch",LANGUAGE="de"');
    expect(master).toContain('#EXT-X-STREAM-INF:BANDWIDTH=2500000,SUBTITLES="subs"\nlive.m3u8\n');
  });
});
