import { describe, expect, it, test } from "vitest";
import { isPlayableAsIs, prepareCommand, type SourceVideo, videoFilter } from "./commands";

// Issue 25 §2: a source is copied only when every browser plays it as it is; anything else is encoded
// into the 1280×720, 30 fps box; and every command reads its input through one demuxer and files only.

const video: SourceVideo["video"] = {
  index: 0,
  codec: "h264",
  pixFmt: "yuv420p",
  width: 1280,
  height: 720,
  fps: 30,
  rotation: 0,
};
const aac: NonNullable<SourceVideo["audio"]> = { index: 1, codec: "aac", channels: 2, sampleRate: 48_000 };
const source = (v: Partial<SourceVideo["video"]>, audio: SourceVideo["audio"] = aac): SourceVideo => ({
  durationMs: 2_000,
  video: { ...video, ...v },
  audio,
});

describe("isPlayableAsIs", () => {
  test.each([
    { case: "H.264 720p30 + AAC stereo", source: source({}), want: true },
    { case: "H.264 without sound", source: source({}, null), want: true },
    { case: "H.264 at 29.97 fps", source: source({ fps: 30_000 / 1_001 }), want: true },
    {
      case: "AAC at 44.1 kHz, mono",
      source: source({}, { ...aac, channels: 1, sampleRate: 44_100 }),
      want: true,
    },
    { case: "VP8", source: source({ codec: "vp8" }), want: false },
    { case: "HEVC (an iPhone's)", source: source({ codec: "hevc" }), want: false },
    { case: "H.264 in 10 bits", source: source({ pixFmt: "yuv420p10le" }), want: false },
    { case: "H.264 4:4:4", source: source({ pixFmt: "yuv444p" }), want: false },
    { case: "wider than 1280", source: source({ width: 1920, height: 720 }), want: false },
    { case: "upright, 720×1280", source: source({ width: 720, height: 1280 }), want: false },
    { case: "60 fps", source: source({ fps: 60 }), want: false },
    { case: "a frame rate it does not say", source: source({ fps: null }), want: false },
    { case: "rotated by its player matrix", source: source({ rotation: -90 }), want: false },
    { case: "Opus sound", source: source({}, { ...aac, codec: "opus" }), want: false },
    { case: "5.1 AAC", source: source({}, { ...aac, channels: 6 }), want: false },
    { case: "AAC at 96 kHz", source: source({}, { ...aac, sampleRate: 96_000 }), want: false },
  ])("$case → $want", ({ source, want }) => {
    expect(isPlayableAsIs(source)).toBe(want);
  });
});

describe("videoFilter", () => {
  const box =
    "scale=w='min(1280,iw)':h='min(720,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2";
  test.each([
    { case: "30 fps: into the box only", fps: 30, want: box },
    { case: "24 fps: never more frames", fps: 24, want: box },
    { case: "60 fps: halved first", fps: 60, want: `fps=30,${box}` },
    { case: "unknown rate: 30 fps", fps: null, want: `fps=30,${box}` },
  ])("$case", ({ fps, want }) => {
    expect(videoFilter({ ...video, fps })).toBe(want);
  });
});

describe("prepareCommand", () => {
  const input = { path: "/uploads/talk.webm", demuxer: "matroska" as const };
  const output = { path: "/prepared/video.mp4", copy: false, maxDurationMs: 1_800_000 };

  it("reads the input through its demuxer and the file protocol only, and writes a faststart MP4", () => {
    const command = prepareCommand("ffmpeg", input, source({ codec: "vp8" }), output);
    const at = command.indexOf("-i");
    expect(command.slice(at - 4, at + 2)).toEqual([
      "-protocol_whitelist",
      "file",
      "-f",
      "matroska",
      "-i",
      "file:/uploads/talk.webm",
    ]);
    expect(command.slice(-5)).toEqual(["-movflags", "+faststart", "-f", "mp4", "file:/prepared/video.mp4"]);
    expect(command.join(" ")).toContain("-t 1800.000");
    expect(command.join(" ")).toContain("-c:v libx264 -preset veryfast -crf 23");
    expect(command.join(" ")).toContain("-c:a aac -b:a 128k -ac 2 -ar 48000");
  });

  it("copies both streams when the source plays as it is, and maps no sound it lacks", () => {
    const copied = prepareCommand("ffmpeg", input, source({}), { ...output, copy: true }).join(" ");
    expect(copied).toContain("-map 0:0 -map 0:1 -t 1800.000 -c copy -map_metadata -1");
    const silent = prepareCommand("ffmpeg", input, source({ codec: "vp8" }, null), output).join(" ");
    expect(silent).toContain("-map 0:0 -t");
    expect(silent).not.toContain("-c:a");
  });
});
