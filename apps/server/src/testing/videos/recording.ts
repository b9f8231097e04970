import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * An HLS recording of `seconds` into `dir` as the pipeline writes one: 720p, a keyframe and a segment
 * each second, AAC sound (`playlist` and seg000.ts, ...), with program dates when asked.
 */
export async function recordHls(
  dir: string,
  seconds: number,
  options: {
    playlist?: string;
    programDates?: boolean;
    /** The video encoder's arguments; by default the fastest (the pipeline's X264 writes a recording as the product does). */
    video?: readonly string[];
  } = {},
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const playlist = path.join(dir, options.playlist ?? "vod.m3u8");
  await run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", String(seconds)],
    ...(options.video ?? ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30"]),
    ...["-keyint_min", "30", "-sc_threshold", "0", "-c:a", "aac"],
    ...["-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod"],
    ...(options.programDates ? ["-hls_flags", "program_date_time"] : []),
    ...["-hls_segment_filename", path.join(dir, "seg%03d.ts"), playlist],
  ]);
  return playlist;
}
