import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { stageRange } from "../apps/server/src/features/clipping/recording-range";
import { X264 } from "../apps/server/src/media/ffmpeg-args";
import { cutClip } from "../apps/server/src/platform/clips/cut";
import { recordHls } from "../apps/server/src/testing/videos/recording";

// Issue 26 §1: a 60 s clip by the product's own path (the clip job's on the embedded default: the range's
// segments found on this node's disk and listed, then cutClip: a stream copy into an MP4 with its index
// first, and the first frame's thumbnail beside it) against a re-encode of the same range
// (ffmpeg's own H.264 and AAC defaults, as a cutter that re-encodes runs it), in the same run on the same
// 90 s 720p recording.
// Targets: the clip in under 1 s, and at least 50 times faster than the re-encode.
const RECORDING_SECONDS = 90;
const CLIP = { start: 20.5, seconds: 60 };
const ROUNDS = 3;

const run = promisify(execFile);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dir = await mkdtemp(path.join(tmpdir(), "onstage-bench-clip-"));
try {
  const recording = path.join(dir, "recording");
  // Encoded as the program feed records (its X264 arguments), not at the test sources' fastest.
  const playlist = await recordHls(recording, RECORDING_SECONDS, { video: X264 });
  const read = (file: string) => readFile(path.join(recording, file)).catch(() => null);
  const copies: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const at = performance.now();
    const work = path.join(dir, `work-${i}`);
    await mkdir(work);
    const files = { read, playlist: "vod.m3u8", localPath: (file: string) => path.join(recording, file) };
    const staged = await stageRange(files, { start: CLIP.start, end: CLIP.start + CLIP.seconds }, work);
    await cutClip({
      ffmpeg: "ffmpeg",
      playlist: staged.playlist,
      startSeconds: staged.startSeconds,
      durationSeconds: CLIP.seconds,
      outPath: path.join(dir, `clip-${i}.mp4`),
      thumbnailPath: path.join(dir, `clip-${i}.jpg`),
    });
    copies.push(performance.now() - at);
  }
  const at = performance.now();
  await run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-ss", String(CLIP.start), "-i", playlist],
    ...["-t", String(CLIP.seconds), "-c:v", "libx264", "-c:a", "aac"],
    ...["-movflags", "+faststart", path.join(dir, "reencoded.mp4")],
  ]);
  const reencode = performance.now() - at;
  const copy = median(copies);
  console.log(
    `60 s clip by the clip job's path (range listed, stream copy, thumbnail): ${(copy / 1000).toFixed(2)} s (median of ${ROUNDS})`,
  );
  console.log(
    `60 s clip by re-encode (libx264 and AAC at ffmpeg's defaults): ${(reencode / 1000).toFixed(2)} s`,
  );
  console.log(`clip_copy_s: ${(copy / 1000).toFixed(3)} s`);
  console.log(`clip_copy_vs_reencode: ${(reencode / copy).toFixed(1)}x`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
