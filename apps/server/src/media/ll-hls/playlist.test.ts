import { describe, expect, test } from "vitest";
import { mediaPlaylist } from "./playlist";
import type { LlHlsState, SegmentState } from "./state";

const START_MS = Date.UTC(2024, 0, 1, 12, 0, 0);
const THIRD = 1 / 3;

function segment(msn: number, partCount: number, isComplete = true, run = 0): SegmentState {
  const parts = Array.from({ length: partCount }, (_, index) => ({
    index,
    durationSeconds: THIRD,
    isIndependent: index === 0,
  }));
  return {
    msn,
    run,
    programDateMs: START_MS + msn * 1000,
    durationSeconds: partCount * THIRD,
    parts,
    isComplete,
  };
}

function live(segments: SegmentState[], overrides: Partial<LlHlsState> = {}): LlHlsState {
  const last = segments.at(-1) as SegmentState;
  return {
    targetDurationSeconds: 1,
    partTargetSeconds: 0.39,
    segments,
    nextPart: { msn: last.msn, index: last.parts.length },
    hasEnded: false,
    ...overrides,
  };
}

describe("the LL-HLS media playlist", () => {
  test("lists segments, their parts, the segment in progress and the next part", () => {
    expect(mediaPlaylist(live([segment(3, 3), segment(4, 1, false)]))).toBe(
      `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:1
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.17,CAN-SKIP-UNTIL=6
#EXT-X-PART-INF:PART-TARGET=0.39
#EXT-X-MEDIA-SEQUENCE:3
#EXT-X-MAP:URI="init0.mp4"
#EXT-X-PROGRAM-DATE-TIME:2024-01-01T12:00:03.000Z
#EXT-X-PART:DURATION=0.33333,URI="s3-p0.m4s",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.33333,URI="s3-p1.m4s"
#EXT-X-PART:DURATION=0.33333,URI="s3-p2.m4s"
#EXTINF:1.00000,
s3.m4s
#EXT-X-PROGRAM-DATE-TIME:2024-01-01T12:00:04.000Z
#EXT-X-PART:DURATION=0.33333,URI="s4-p0.m4s",INDEPENDENT=YES
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="s4-p1.m4s"
`,
    );
  });

  test("an ended stream has its last segment and EXT-X-ENDLIST, and no preload hint", () => {
    const text = mediaPlaylist(live([segment(0, 3), segment(1, 2)], { nextPart: null, hasEnded: true }));
    expect(text.endsWith("#EXTINF:0.66667,\ns1.m4s\n#EXT-X-ENDLIST\n")).toBe(true);
    expect(text).not.toContain("PRELOAD-HINT");
  });

  test("parts are listed only for the segments within 3 target durations of the end", () => {
    const segments = [0, 1, 2, 3, 4, 5].map((msn) => segment(msn, 3));
    const text = mediaPlaylist(live([...segments, segment(6, 1, false)]));
    const partedSegments = new Set([...text.matchAll(/URI="s(\d+)-p\d+\.m4s"/g)].map((m) => m[1]));
    expect([...partedSegments]).toEqual(["3", "4", "5", "6"]);
    // A player ignoring EXT-X-PART still finds every complete segment.
    expect(text.match(/^s\d+\.m4s$/gm)).toEqual(["s0.m4s", "s1.m4s", "s2.m4s", "s3.m4s", "s4.m4s", "s5.m4s"]);
  });

  test.each([
    { case: "a long window", complete: 8, skipped: 2 },
    { case: "a window as long as the skip boundary", complete: 6, skipped: 0 },
  ])("a delta update skips the segments before the skip boundary: $case", ({ complete, skipped }) => {
    const segments = Array.from({ length: complete }, (_, msn) => segment(msn, 3));
    const text = mediaPlaylist(live([...segments, segment(complete, 1, false)]), { skip: true });
    expect(text).toContain("#EXT-X-MEDIA-SEQUENCE:0\n");
    expect(text.includes(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}\n`)).toBe(skipped > 0);
    expect(text.match(/^s\d+\.m4s$/gm)?.[0]).toBe(`s${skipped}.m4s`);
  });

  test("a new run is a discontinuity with its own init section", () => {
    const text = mediaPlaylist(
      live([segment(4, 3, true, 1), segment(5, 3, true, 2), segment(6, 1, false, 2)]),
    );
    expect(text).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:1\n");
    expect(text.match(/^#EXT-X-(?:MAP|DISCONTINUITY)(?:$|:URI).*$/gm)).toEqual([
      '#EXT-X-MAP:URI="init1.mp4"',
      "#EXT-X-DISCONTINUITY",
      '#EXT-X-MAP:URI="init2.mp4"',
    ]);
    expect(text.indexOf("#EXT-X-DISCONTINUITY\n")).toBeLessThan(text.indexOf("s5-p0.m4s"));
  });

  test("a delta update names the init section of its first listed segment", () => {
    const segments = Array.from({ length: 8 }, (_, msn) => segment(msn, 3, true, msn < 5 ? 0 : 1));
    const text = mediaPlaylist(live([...segments, segment(8, 1, false, 1)]), { skip: true });
    expect(text).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=2\n#EXT-X-MAP:URI="init0.mp4"\n');
    expect(text.match(/^#EXT-X-DISCONTINUITY$/gm)).toHaveLength(1);
  });

  test("every URI takes the prefix", () => {
    const text = mediaPlaylist(live([segment(0, 3), segment(1, 1, false)]), { uriPrefix: "/media/t0k3n/" });
    const uris = [...text.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]).concat(text.match(/^[^#].*$/gm) ?? []);
    expect(uris.length).toBe(7);
    expect(uris.every((uri) => uri?.startsWith("/media/t0k3n/"))).toBe(true);
  });
});
