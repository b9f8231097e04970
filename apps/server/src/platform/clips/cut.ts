import { execFile } from "node:child_process";
import { readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { tallestVariant } from "@onstage/domain";

// Issue 26 §1: a clip is the recording's segments copied into an MP4 with its index at the front (no
// re-encode: a fraction of a second for 60 s), from the highest rendition, starting on the keyframe at or
// before the chosen start; its thumbnail is the clip's first frame.

const run = promisify(execFile);

/** A copy of 60 s takes well under a second; anything near this is stuck. */
export const CLIP_CUT_TIMEOUT_MS = 30_000;
/** The clip page's og:image: wide enough for link cards, small enough to load at once. */
export const CLIP_THUMBNAIL_WIDTH = 640;

export interface CutClip {
  ffmpeg: string;
  /** The recording's playlist on disk: a media playlist, or a ladder's master. */
  playlist: string;
  startSeconds: number;
  durationSeconds: number;
  outPath: string;
  thumbnailPath: string;
}

/** The playlist the clip is cut from: the master's tallest variant, or the playlist itself. */
async function renditionOf(playlist: string): Promise<string> {
  const tallest = tallestVariant(await readFile(playlist, "utf8"));
  return tallest ? path.resolve(path.dirname(playlist), tallest) : playlist;
}

export async function cutClip(clip: CutClip): Promise<{ bytes: number }> {
  const input = await renditionOf(clip.playlist);
  const options = { timeout: CLIP_CUT_TIMEOUT_MS, killSignal: "SIGKILL" as const };
  const quiet = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"];
  // Seeking before the input: the copy starts on the keyframe at or before the start, and so does the
  // thumbnail (without the accurate seek's decoding up to the start): the clip's first frame. Both read
  // the recording at once, each on its own core.
  const seek = ["-ss", clip.startSeconds.toFixed(3), "-protocol_whitelist", "file"];
  try {
    // Both settle before a failure is acted on: a file written after the clean-up would be left behind.
    const runs = await Promise.allSettled([
      run(
        clip.ffmpeg,
        [
          ...quiet,
          ...[...seek, "-i", input, "-t", clip.durationSeconds.toFixed(3)],
          ...["-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-avoid_negative_ts", "make_zero"],
          ...["-movflags", "+faststart", "-f", "mp4", clip.outPath],
        ],
        options,
      ),
      run(
        clip.ffmpeg,
        [
          ...quiet,
          ...["-noaccurate_seek", ...seek, "-i", input, "-map", "0:v:0", "-frames:v", "1"],
          ...["-vf", `scale=${CLIP_THUMBNAIL_WIDTH}:-2`, "-f", "image2", "-c:v", "mjpeg", clip.thumbnailPath],
        ],
        options,
      ),
    ]);
    for (const ended of runs) if (ended.status === "rejected") throw ended.reason;
    return { bytes: (await stat(clip.outPath)).size };
  } catch (error) {
    // Nothing half-made is left for the caller to store.
    await Promise.all([rm(clip.outPath, { force: true }), rm(clip.thumbnailPath, { force: true })]);
    throw error;
  }
}
