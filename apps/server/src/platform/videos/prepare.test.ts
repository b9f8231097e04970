import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { processesMentioning } from "../../testing/processes";
import { makeClip, probe, topLevelBoxes } from "../../testing/videos/clips";
import { useVideoFolder } from "../../testing/videos/given";
import { prepareVideo } from "./prepare";

// Issue 25 §2: what a host uploads becomes an MP4 every browser plays: copied when it already is one,
// encoded to H.264/AAC within 1280×720 and 30 fps otherwise, sound kept only when there is some.

const given = useVideoFolder();
const clips = {
  h264: "",
  vp8: "",
  silentH264: "",
  silentVp8: "",
  fullHd60: "",
  recorded: "",
  upright: "",
};

beforeAll(async () => {
  const at = (name: string) => given.path(name);
  [clips.h264, clips.vp8, clips.silentH264, clips.silentVp8, clips.fullHd60, clips.recorded, clips.upright] =
    await Promise.all([
      makeClip(at("h264.mp4"), {
        format: "mp4",
        extra: ["-metadata", "title=Private", "-metadata", "location=+48.8584+002.2945/"],
      }),
      makeClip(at("vp8.webm"), { format: "webm", video: "vp8", audio: "opus" }),
      makeClip(at("silent.mp4"), { format: "mp4", audio: null }),
      makeClip(at("silent.webm"), { format: "webm", video: "vp8", audio: null }),
      makeClip(at("full-hd.mp4"), { format: "mp4", size: "1920x1080", fps: 60, audio: null }),
      makeClip(at("recorded.webm"), { format: "webm", video: "vp8", audio: "opus", live: true }),
      makeClip(at("upright.mov"), { format: "mov", rotation: 90 }),
    ]);
});

const streamsOf = async (file: string) => (await probe(file)).streams;
const outputCodecs = async (file: string) => (await streamsOf(file)).map((s) => s.codec_name);

describe("a video every browser plays already", () => {
  it("is copied, not encoded: same length, its index first (faststart), no metadata", async () => {
    const outPath = given.outPath();
    const progress: number[] = [];
    const video = await prepareVideo({
      inputPath: clips.h264,
      fileName: "Welcome.MP4",
      outPath,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(video).toMatchObject({ width: 320, height: 180, hasAudio: true, transcoded: false });
    expect(Math.abs(video.durationMs - 2_000)).toBeLessThanOrEqual(100);
    expect(progress.at(-1)).toBe(1);
    const boxes = topLevelBoxes(await readFile(outPath));
    expect(boxes.indexOf("moov")).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
    const played = await probe(outPath);
    expect(played.streams.map((s) => s.codec_name)).toEqual(["h264", "aac"]);
    expect(played.format.tags?.title).toBeUndefined();
    expect(JSON.stringify(played.format.tags ?? {})).not.toContain("48.8584");
    expect(await processesMentioning(given.root)).toEqual([]);
  });
});

describe("a video in another form", () => {
  it("VP8/Opus WebM is encoded to H.264/AAC, with progress rising to 1", async () => {
    const outPath = given.outPath();
    const progress: number[] = [];
    const video = await prepareVideo({
      inputPath: clips.vp8,
      fileName: "talk.webm",
      outPath,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(video).toMatchObject({ width: 320, height: 180, hasAudio: true, transcoded: true });
    expect(Math.abs(video.durationMs - 2_000)).toBeLessThanOrEqual(100);
    const [picture, sound] = await streamsOf(outPath);
    expect(picture).toMatchObject({ codec_name: "h264", pix_fmt: "yuv420p" });
    expect(sound).toMatchObject({ codec_name: "aac", sample_rate: "48000", channels: 2 });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((fraction, i) => i === 0 || fraction > (progress[i - 1] ?? 1))).toBe(true);
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  });

  it("1920×1080 at 60 fps is scaled to 1280×720 at 30 fps", async () => {
    const outPath = given.outPath();
    const video = await prepareVideo({ inputPath: clips.fullHd60, fileName: "keynote.mp4", outPath });
    expect(video).toMatchObject({ width: 1280, height: 720, transcoded: true });
    const [picture] = await streamsOf(outPath);
    expect(picture).toMatchObject({ codec_name: "h264", width: 1280, height: 720, avg_frame_rate: "30/1" });
  });

  it("filmed upright (rotated 90°) is turned and fits the box: 180×320", async () => {
    const outPath = given.outPath();
    const video = await prepareVideo({ inputPath: clips.upright, fileName: "phone.mov", outPath });
    expect(video).toMatchObject({ width: 180, height: 320, transcoded: true });
  });

  it("recorded by a browser (a WebM with no length in its header) is measured, then encoded", async () => {
    const outPath = given.outPath();
    const video = await prepareVideo({ inputPath: clips.recorded, fileName: "recording.webm", outPath });
    expect(video).toMatchObject({ hasAudio: true, transcoded: true });
    expect(Math.abs(video.durationMs - 2_000)).toBeLessThanOrEqual(100);
    expect(await outputCodecs(outPath)).toEqual(["h264", "aac"]);
  });
});

describe("a video without sound", () => {
  it.each([
    {
      case: "an H.264 MP4 (copied)",
      clip: () => clips.silentH264,
      fileName: "silent.mp4",
      transcoded: false,
    },
    { case: "a VP8 WebM (encoded)", clip: () => clips.silentVp8, fileName: "silent.webm", transcoded: true },
  ])("$case stays without: hasAudio false, no sound stream", async ({ clip, fileName, transcoded }) => {
    const outPath = given.outPath();
    const video = await prepareVideo({ inputPath: clip(), fileName, outPath });
    expect(video).toMatchObject({ hasAudio: false, transcoded });
    expect(await outputCodecs(outPath)).toEqual(["h264"]);
  });
});
