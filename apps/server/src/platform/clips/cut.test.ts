import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { recordHls } from "../../testing/videos/recording";
import { cutClip } from "./cut";

// Issue 26 §1: the clip is a stream copy of the recording into an MP4 with its index first, from the
// ladder's tallest rendition, with its first frame as the thumbnail; a failed cut leaves nothing.

const run = promisify(execFile);
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "onstage-clip-test-"));
  await recordHls(path.join(dir, "720p"), 12);
  // A ladder's master listing a shorter rung that is not there: the tallest is the one read.
  await writeFile(
    path.join(dir, "vod.m3u8"),
    "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/vod.m3u8\n" +
      "#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p/vod.m3u8\n",
  );
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const topLevelBoxes = (mp4: Buffer) => {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= mp4.length && boxes.length < 8; ) {
    boxes.push(mp4.toString("latin1", at + 4, at + 8));
    const size = mp4.readUInt32BE(at);
    if (size < 8) break;
    at += size;
  }
  return boxes;
};

test("5 s from 4.5 s of a ladder's recording: copied from the 720p rung, index first, its first frame a JPEG", async () => {
  const outPath = path.join(dir, "clip.mp4");
  const thumbnailPath = path.join(dir, "clip.jpg");
  const { bytes } = await cutClip({
    ffmpeg: "ffmpeg",
    playlist: path.join(dir, "vod.m3u8"),
    startSeconds: 4.5,
    durationSeconds: 5,
    outPath,
    thumbnailPath,
  });
  expect(bytes).toBe((await stat(outPath)).size);
  const boxes = topLevelBoxes(await readFile(outPath));
  expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
  const { stdout } = await run("ffprobe", [
    ...["-v", "error", "-show_entries", "format=duration:stream=codec_name,height", "-of", "json", outPath],
  ]);
  const probed = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_name: string; height?: number }[];
  };
  // From the keyframe at or before 4.5 s (one a second): 5 to 6 s.
  expect(Number(probed.format.duration)).toBeGreaterThanOrEqual(4.9);
  expect(Number(probed.format.duration)).toBeLessThanOrEqual(6.1);
  expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
  expect(probed.streams.find((s) => s.codec_name === "h264")?.height).toBe(720);
  expect([...(await readFile(thumbnailPath)).subarray(0, 2)]).toEqual([0xff, 0xd8]);
});

test("a recording that is not there: the cut fails and leaves no file", async () => {
  const outPath = path.join(dir, "gone.mp4");
  const thumbnailPath = path.join(dir, "gone.jpg");
  await writeFile(path.join(dir, "broken.m3u8"), "#EXTM3U\n#EXTINF:1.0,\nmissing.ts\n#EXT-X-ENDLIST\n");
  await expect(
    cutClip({
      ffmpeg: "ffmpeg",
      playlist: path.join(dir, "broken.m3u8"),
      startSeconds: 0,
      durationSeconds: 5,
      outPath,
      thumbnailPath,
    }),
  ).rejects.toThrow();
  await expect(stat(outPath)).rejects.toThrow();
  await expect(stat(thumbnailPath)).rejects.toThrow();
});
